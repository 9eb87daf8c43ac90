package org.onepath.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.onepath.cells.GridFormatException;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * {@code movingai-scen}: {@link MovingAiScenarios#parse} against {@link RefMovingAi#scen}: the
 * same accept/reject and the same records, field by field; {@link MovingAiScenarios#toText}
 * reads back to equal records. Rules of {@link ReaderTarget}.
 */
final class MovingAiScenTarget extends ReaderTarget<List<MovingAiScenario>, List<RefMovingAi.Scen>> {
    MovingAiScenTarget() {
        super(GridFormatException.class);
    }

    @Override
    public String name() {
        return "movingai-scen";
    }

    @Override
    List<MovingAiScenario> read(byte[] input) {
        return MovingAiScenarios.parse("input", new String(input, StandardCharsets.ISO_8859_1));
    }

    @Override
    List<RefMovingAi.Scen> reference(byte[] input) {
        return RefMovingAi.scen(input);
    }

    @Override
    List<MovingAiScenario> reread(List<MovingAiScenario> library) {
        List<MovingAiScenario> again = MovingAiScenarios.parse("canonical", MovingAiScenarios.toText(library));
        same(again, library, "canonical text read again");
        return again;
    }

    @Override
    void compare(List<MovingAiScenario> lib, List<RefMovingAi.Scen> ref) {
        same(lib.size(), ref.size(), "records");
        for (int i = 0; i < ref.size(); i++) {
            MovingAiScenario a = lib.get(i);
            RefMovingAi.Scen b = ref.get(i);
            String at = "record " + i + " ";
            same(a.bucket(), b.bucket(), at + "bucket");
            same(a.map(), b.map(), at + "map");
            same(a.mapWidth(), b.w(), at + "width");
            same(a.mapHeight(), b.h(), at + "height");
            same(a.startX(), b.sx(), at + "start x");
            same(a.startY(), b.sy(), at + "start y");
            same(a.goalX(), b.gx(), at + "goal x");
            same(a.goalY(), b.gy(), at + "goal y");
            same(a.optimalLength(), b.length(), at + "length");
            same(a.lengthDecimals(), b.decimals(), at + "decimal places");
        }
    }
}
