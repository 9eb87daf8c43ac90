package org.onepath.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Small hand-made Moving AI maps and scenarios. Every optimal length below was worked out by
 * hand with octile costs (1 and sqrt 2) and no corner cutting: a diagonal step needs both
 * orthogonal neighbours it passes to be open. Coordinates are (x, y) with (0,0) top-left.
 */
final class Fixtures {
    static final double SQRT2 = 1.4142135623730951;

    private Fixtures() {}

    /**
     * Map A, 5 wide and 4 high, walls at (1,1), (3,1), (3,2) and (0,3).
     *
     * <pre>
     *   x 01234
     * y0  .....
     * y1  .@.@.
     * y2  ...@.
     * y3  @....
     * </pre>
     */
    static final String MAP_A_ROWS = ".....\n.@.@.\n...@.\n@....\n";

    /** The header and rows of map A, LF line endings. */
    static final String MAP_A = "type octile\nheight 4\nwidth 5\nmap\n" + MAP_A_ROWS;

    /** A problem: start, goal and the optimal length as a number and as written in the file. */
    record Problem(int sx, int sy, int gx, int gy, double exact, String written) {
        String line(String map, int width, int height, String sep) {
            return String.join(
                    sep,
                    "0",
                    map,
                    Integer.toString(width),
                    Integer.toString(height),
                    Integer.toString(sx),
                    Integer.toString(sy),
                    Integer.toString(gx),
                    Integer.toString(gy),
                    written);
        }

        Problem withWritten(String w) {
            return new Problem(sx, sy, gx, gy, exact, w);
        }
    }

    /**
     * Ten problems on map A with their optimal lengths.
     *
     * <ol>
     * <li>(0,0)-&gt;(4,0): straight along the open top row, 4.</li>
     * <li>(0,0)-&gt;(2,2): (1,1) is a wall and both diagonals around it would cut its corner, so
     * the path goes round it with four straight steps, 4.</li>
     * <li>(0,0)-&gt;(4,3): down to (0,2), right to (1,2), diagonal to (2,3) (both (2,2) and (1,3)
     * open), right twice: 5 + sqrt 2. The top route costs 7.</li>
     * <li>(2,1)-&gt;(4,2): column 3 is walled at rows 1 and 2 and every diagonal past it cuts a
     * wall corner: 5 straight steps over the top or the bottom.</li>
     * <li>(2,2)-&gt;(2,2): start equals goal, 0.</li>
     * <li>(1,0)-&gt;(0,1): the diagonal would cut the wall (1,1), so via (0,0), 2.</li>
     * <li>(4,0)-&gt;(3,3): down column 4, then left; (4,2)-&gt;(3,3) cuts (3,2), so 4.</li>
     * <li>(2,2)-&gt;(1,3): one diagonal, (1,2) and (2,3) open, sqrt 2.</li>
     * <li>(0,2)-&gt;(2,3): right, then diagonal, 1 + sqrt 2.</li>
     * <li>(4,3)-&gt;(0,0): problem 3 reversed, 5 + sqrt 2.</li>
     * </ol>
     */
    static final List<Problem> MAP_A_PROBLEMS = List.of(
            new Problem(0, 0, 4, 0, 4, "4.00000000"),
            new Problem(0, 0, 2, 2, 4, "4.00000000"),
            new Problem(0, 0, 4, 3, 5 + SQRT2, "6.41421356"),
            new Problem(2, 1, 4, 2, 5, "5.00000000"),
            new Problem(2, 2, 2, 2, 0, "0.00000000"),
            new Problem(1, 0, 0, 1, 2, "2.00000000"),
            new Problem(4, 0, 3, 3, 4, "4.00000000"),
            new Problem(2, 2, 1, 3, SQRT2, "1.41421356"),
            new Problem(0, 2, 2, 3, 1 + SQRT2, "2.41421356"),
            new Problem(4, 3, 0, 0, 5 + SQRT2, "6.41421356"));

    /**
     * Steps on each optimal path of map A, in problem order. A length a + b sqrt 2 with whole a
     * and b has exactly a straight and b diagonal steps, and A* expands every cell of the path it
     * returns except the goal, so the sum is a lower bound on the expanded count.
     */
    static final int MAP_A_PATH_STEPS = 4 + 4 + 6 + 5 + 0 + 2 + 4 + 1 + 2 + 6;

    /** Open cells of map A. */
    static final int MAP_A_OPEN_CELLS = 16;

    /**
     * Map B, 5 wide and 4 high, cut into five parts that touch only at corners: without corner
     * cutting none of them reaches another.
     *
     * <pre>
     *   x 01234
     * y0  ..@..
     * y1  ..@..
     * y2  @@.@@
     * y3  ..@..
     * </pre>
     */
    static final String MAP_B = "type octile\nheight 4\nwidth 5\nmap\n..@..\n..@..\n@@.@@\n..@..\n";

    /**
     * Problems on map B. Length 0 with distinct ends means "no path" in the Moving AI format.
     */
    static final List<Problem> MAP_B_PROBLEMS = List.of(
            new Problem(0, 0, 1, 1, SQRT2, "1.41421356"),
            new Problem(0, 0, 2, 2, Double.POSITIVE_INFINITY, "0"),
            new Problem(1, 1, 3, 1, Double.POSITIVE_INFINITY, "0"),
            new Problem(3, 3, 4, 3, 1, "1.00000000"),
            new Problem(1, 0, 0, 1, SQRT2, "1.41421356"),
            new Problem(0, 3, 1, 3, 1, "1"),
            new Problem(4, 3, 0, 0, Double.POSITIVE_INFINITY, "0"));

    /**
     * Map C, 5 wide and 3 high, with every map character: G and S are open; T, O and W (water,
     * blocked by default) are walls.
     *
     * <pre>
     *   x 01234
     * y0  GST..
     * y1  .OSWG
     * y2  .G.S.
     * </pre>
     */
    static final String MAP_C = "type octile\nheight 3\nwidth 5\nmap\nGST..\n.OSWG\n.G.S.\n";

    /**
     * Problems on map C.
     *
     * <ol>
     * <li>(0,0)-&gt;(4,0): the top row is cut at (2,0), and every diagonal past (1,1) or (3,1)
     * cuts a wall corner, so the path runs down, along the bottom row and up: 8 straight steps.</li>
     * <li>(1,0)-&gt;(2,1): left, down twice, right twice, up: 6.</li>
     * <li>(0,2)-&gt;(4,2): along the bottom row, 4.</li>
     * <li>(4,0)-&gt;(0,2): down twice, left four times, 6.</li>
     * <li>(3,1)-&gt;(3,2): the start is water, a wall: no path.</li>
     * <li>(0,0)-&gt;(2,0): the goal is a tree: no path.</li>
     * </ol>
     */
    static final List<Problem> MAP_C_PROBLEMS = List.of(
            new Problem(0, 0, 4, 0, 8, "8"),
            new Problem(1, 0, 2, 1, 6, "6"),
            new Problem(0, 2, 4, 2, 4, "4"),
            new Problem(4, 0, 0, 2, 6, "6"),
            new Problem(3, 1, 3, 2, Double.POSITIVE_INFINITY, "0"),
            new Problem(0, 0, 2, 0, Double.POSITIVE_INFINITY, "0"));

    static String scen(String map, int width, int height, List<Problem> problems) {
        StringBuilder b = new StringBuilder("version 1\n");
        for (Problem p : problems) {
            b.append(p.line(map, width, height, "\t")).append('\n');
        }
        return b.toString();
    }

    static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Writes map A as {@code dir/name} and its ten problems as {@code dir/name.scen}; returns the scenario file. */
    static Path mapA(Path dir, String name) {
        write(dir.resolve(name), MAP_A);
        return write(dir.resolve(name + ".scen"), scen(name, 5, 4, MAP_A_PROBLEMS));
    }

    /** Writes map B and its problems; returns the scenario file. */
    static Path mapB(Path dir, String name) {
        write(dir.resolve(name), MAP_B);
        return write(dir.resolve(name + ".scen"), scen(name, 5, 4, MAP_B_PROBLEMS));
    }

    /** Writes map C and its problems; returns the scenario file. */
    static Path mapC(Path dir, String name) {
        write(dir.resolve(name), MAP_C);
        return write(dir.resolve(name + ".scen"), scen(name, 5, 3, MAP_C_PROBLEMS));
    }

    /** Map A's problems with the lengths of the given (0-based) problems raised by one. */
    static List<Problem> mapAWithWrongLengths(int... wrong) {
        List<Problem> out = new ArrayList<>(MAP_A_PROBLEMS);
        for (int i : wrong) {
            Problem p = out.get(i);
            out.set(i, p.withWritten(Double.toString(Double.parseDouble(p.written()) + 1)));
        }
        return out;
    }
}
