package org.onepath.fuzz;

import java.nio.charset.StandardCharsets;
import org.onepath.Grid;
import org.onepath.cells.GridFormatException;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiOptions;

/**
 * {@code movingai-map}: {@link MovingAiMap#parse} against {@link RefMovingAi#map}: the same
 * accept/reject, type, sides and every character; {@link MovingAiMap#toText()} reads back to the
 * same; on maps up to 16,384 cells {@code toGrid} walls exactly the characters the options wall
 * (default, and swamp blocked with water open). Rules of {@link ReaderTarget}.
 */
final class MovingAiMapTarget extends ReaderTarget<MovingAiMap, RefMovingAi.Map> {
    private static final MovingAiOptions SWAPPED = new MovingAiOptions(false, true);

    MovingAiMapTarget() {
        super(GridFormatException.class);
    }

    @Override
    public String name() {
        return "movingai-map";
    }

    @Override
    MovingAiMap read(byte[] input) {
        return MovingAiMap.parse("input", input);
    }

    @Override
    RefMovingAi.Map reference(byte[] input) {
        return RefMovingAi.map(input);
    }

    @Override
    MovingAiMap reread(MovingAiMap library) {
        String text = library.toText();
        MovingAiMap again = MovingAiMap.parse("canonical", text.getBytes(StandardCharsets.ISO_8859_1));
        same(again.toText(), text, "canonical text read and written again");
        return again;
    }

    @Override
    void compare(MovingAiMap m, RefMovingAi.Map ref) {
        same(m.type(), ref.type(), "type");
        same(m.width(), ref.width(), "width");
        same(m.height(), ref.height(), "height");
        for (int y = 0; y < ref.height(); y++) {
            for (int x = 0; x < ref.width(); x++) {
                same(m.charAt(x, y), ref.rows().get(y).charAt(x), "cell (" + x + ", " + y + ")");
            }
        }
        if ((long) ref.width() * ref.height() <= 1 << 14) {
            walls(m, ref, MovingAiOptions.DEFAULT);
            walls(m, ref, SWAPPED);
        }
    }

    private static void walls(MovingAiMap m, RefMovingAi.Map ref, MovingAiOptions o) {
        try (Grid g = m.toGrid(o)) {
            for (int y = 0; y < ref.height(); y++) {
                for (int x = 0; x < ref.width(); x++) {
                    char c = ref.rows().get(y).charAt(x);
                    boolean open =
                            c == '.' || c == 'G' || (c == 'S' && o.swampWalkable()) || (c == 'W' && o.waterWalkable());
                    same(g.area(x, y) != Grid.WALL, open, "walkable (" + x + ", " + y + ") '" + c + "' with " + o);
                }
            }
        }
    }
}
