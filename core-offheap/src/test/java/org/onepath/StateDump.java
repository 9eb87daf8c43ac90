package org.onepath;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * An annotated hex dump of a state (kinds 1 to 12), one field per line: offset, bytes and
 * the field's name and value, e.g. {@code 0000  4F 50 47 53  magic "OPGS"}. The walk follows
 * docs/formats/state-v1.md on its own (it does not use the engine's readers), so a dump that reads
 * right is an independent check of the bytes. Cells are shown one grid row a line, voxel chunks
 * one 16-voxel x-row a line. Kind 12 (GridSearch) is walked mode by mode (0 not begun, 1 specialised
 * A*, 2 generic core with its kind 8 or 9 state embedded and walked in place, offsets continuing,
 * 3 specialised jump point search); the layout of modes 1 and 3 is the one
 * {@code OctileAStar.writeState} and {@code OctileJump.writeState} document. Meant for well-formed
 * states (the golden files).
 */
final class StateDump {
    private static final String[] STATUS = {"NOT_STARTED", "RUNNING", "FOUND", "NO_PATH"};
    private static final String[] MODE = {"not begun", "specialised A*", "generic core", "specialised jump point search"
    };
    /** Kind 12 mode 1 flags, bits 1-3: the direction from the cell to its parent. */
    private static final String[] TO_PARENT = {
        "south", "west", "north", "east", "south-west", "north-west", "north-east", "south-east"
    };
    /** Kind 12 mode 3 flags, bits 1-3: the direction of the last move (the normative order). */
    private static final String[] MOVE = {
        "north", "east", "south", "west", "north-east", "south-east", "south-west", "north-west"
    };

    private final byte[] bytes;
    private final ByteBuffer in;
    private final List<long[]> spans = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    /** Kind 12: the grid width, for showing cell indexes as (x, y). */
    private int width;
    /** Put before every label: "embedded " while walking a kind 12 mode 2 state's inner state. */
    private String prefix = "";

    private StateDump(byte[] bytes) {
        this.bytes = bytes;
        this.in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The dump of a whole state; throws if the bytes are not a well-formed kind 1 to 4 or 7 to 12. */
    static String of(byte[] state) {
        StateDump d = new StateDump(state);
        d.walk();
        return d.render();
    }

    /** The label of the line holding byte {@code offset} ("?" past the end), for failure messages. */
    static String fieldAt(byte[] state, long offset) {
        String[] labels = labelsByOffset(state);
        return offset >= 0 && offset < labels.length ? labels[(int) offset] : "?";
    }

    /** For each byte of the state, the label of the line holding it ("?" where a walk of bad bytes stopped). */
    static String[] labelsByOffset(byte[] state) {
        StateDump d = new StateDump(state);
        try {
            d.walk();
        } catch (RuntimeException e) {
            // a partial walk still labels what it reached
        }
        String[] out = new String[state.length];
        java.util.Arrays.fill(out, "?");
        for (int i = 0; i < d.spans.size(); i++) {
            long[] s = d.spans.get(i);
            for (long k = s[0]; k < s[0] + s[1]; k++) {
                out[(int) k] = d.labels.get(i);
            }
        }
        return out;
    }

    private void walk() {
        int kind = header();
        switch (kind) {
            case 1 -> grid();
            case 2 -> hexGrid();
            case 3 -> voxels();
            case 7 -> flowField();
            case 5, 6 -> replanner();
            case 4 -> graph();
            case 12 -> gridSearch();
            default -> search();
        }
        if (in.position() != bytes.length) {
            throw new IllegalArgumentException((bytes.length - in.position()) + " bytes after the payload");
        }
    }

    /** The 8-byte header at the current position (offsets continue for an embedded state); returns the kind. */
    private int header() {
        int at = in.position();
        int magic = in.getInt(at);
        line(
                4,
                "magic \"" + (char) bytes[at] + (char) bytes[at + 1] + (char) bytes[at + 2] + (char) bytes[at + 3]
                        + "\"" + (magic == 0x5347504F ? "" : " (BAD)"));
        line(2, "format version = " + Short.toUnsignedInt(in.getShort(at + 4)));
        int kind = Short.toUnsignedInt(in.getShort(at + 6));
        String name = switch (kind) {
            case 1 -> "Grid";
            case 2 -> "HexGrid";
            case 3 -> "VoxelGrid";
            case 4 -> "Graph";
            case 5 -> "GridReplanner";
            case 6 -> "HexReplanner";
            case 7 -> "GridFlowField";
            case 8 -> "A*";
            case 9 -> "jump point search";
            case 10 -> "Theta*";
            case 11 -> "graph A*";
            case 12 -> "GridSearch";
            default -> throw new IllegalArgumentException("no dump for kind " + kind);
        };
        line(2, "kind = " + kind + " (" + name + ")");
        return kind;
    }

    private void grid() {
        int w = i32("width");
        int h = i32("height");
        i32("version");
        f64("space.originX");
        f64("space.originY");
        f64("space.cellSize");
        areas();
        for (int y = 0; y < h; y++) {
            StringBuilder sb = new StringBuilder("cells row y=" + y + " (x 0.." + (w - 1) + "):");
            for (int x = 0; x < w; x++) {
                int a = Byte.toUnsignedInt(bytes[in.position() + x]);
                sb.append(' ').append(a == 255 ? "#" : Integer.toString(a));
            }
            line(w, sb.toString());
        }
    }

    /** Kind 2: as kind 1 with the layout code after the height; cells are the offset array, row by row. */
    private void hexGrid() {
        int w = i32("width");
        int h = i32("height");
        int layout = in.getInt(in.position());
        String[] names = {"pointy odd row", "pointy even row", "flat odd column", "flat even column"};
        line(4, "layout = " + layout + (layout >= 0 && layout < names.length ? " (" + names[layout] + ")" : " (BAD)"));
        i32("version");
        f64("space.originX");
        f64("space.originY");
        f64("space.cellSize");
        areas();
        for (int row = 0; row < h; row++) {
            StringBuilder sb = new StringBuilder("cells row " + row + " (col 0.." + (w - 1) + "):");
            for (int col = 0; col < w; col++) {
                int a = Byte.toUnsignedInt(bytes[in.position() + col]);
                sb.append(' ').append(a == 255 ? "#" : Integer.toString(a));
            }
            line(w, sb.toString());
        }
    }

    private void voxels() {
        int sx = i32("sizeX");
        int sy = i32("sizeY");
        int sz = i32("sizeZ");
        u8("defaultArea");
        i32("version");
        f64("space.originX");
        f64("space.originY");
        f64("space.originZ");
        f64("space.cellSize");
        areas();
        int cxs = (sx + 15) / 16;
        int cys = (sy + 15) / 16;
        int czs = (sz + 15) / 16;
        for (int cz = 0; cz < czs; cz++) {
            for (int cy = 0; cy < cys; cy++) {
                for (int cx = 0; cx < cxs; cx++) {
                    int slot = cx + cxs * (cy + cys * cz);
                    String chunk = "chunk (" + cx + ", " + cy + ", " + cz + ")";
                    int flag = Byte.toUnsignedInt(bytes[in.position()]);
                    line(
                            1,
                            "slot " + slot + " " + chunk + " flag = " + flag
                                    + (flag == 1 ? " (stored, 4096 bytes follow)" : " (default)"));
                    if (flag != 1) {
                        continue;
                    }
                    for (int z = 0; z < 16; z++) {
                        for (int y = 0; y < 16; y++) {
                            int gy = cy * 16 + y;
                            int gz = cz * 16 + z;
                            int x0 = cx * 16;
                            String where;
                            if (gy >= sy || gz >= sz) {
                                where = " (padding)";
                            } else if (x0 + 15 >= sx) {
                                where = " (x " + sx + ".." + (x0 + 15) + " padding)";
                            } else {
                                where = "";
                            }
                            line(16, chunk + " y=" + gy + " z=" + gz + " x " + x0 + ".." + (x0 + 15) + where);
                        }
                    }
                }
            }
        }
    }

    /** Kind 4: the counts, then one line per 17-byte edge record. */
    private void graph() {
        int n = i32("nodeCount");
        int e = i32("edgeCount");
        for (int i = 0; i < e; i++) {
            int at = in.position();
            int from = in.getInt(at);
            int to = in.getInt(at + 4);
            double w = in.getDouble(at + 8);
            int alive = Byte.toUnsignedInt(bytes[at + 16]);
            line(
                    17,
                    "edge[" + i + "] " + from + " -> " + to + " weight " + w
                            + (alive == 1 ? " alive" : alive == 0 ? " removed" : " (BAD alive " + alive + ")")
                            + (from < 0 || from >= n || to < 0 || to >= n ? " (BAD node)" : ""));
        }
    }

    private void areas() {
        i32("areas.version");
        for (int a = 0; a < 255; a++) {
            f64("areas.multiplier[" + a + "]");
        }
    }

    private void search() {
        i32("nodeCount");
        int status = Byte.toUnsignedInt(bytes[in.position()]);
        line(1, "status = " + status + (status < STATUS.length ? " (" + STATUS[status] + ")" : ""));
        f64("heuristicWeight");
        i32("start");
        i32("goal");
        i32("expanded");
        i32("iterations");
        f64("pathCost");
        if (status == 0) {
            return;
        }
        int v = i32("visited.count");
        for (int i = 0; i < v; i++) {
            i32("visited[" + i + "].node");
            u8("visited[" + i + "].closed");
            f64("visited[" + i + "].g");
            i32("visited[" + i + "].parent");
        }
        int open = i32("open.count");
        for (int s = 0; s < open; s++) {
            i32("open[" + s + "].node");
            f64("open[" + s + "].F");
            f64("open[" + s + "].G");
        }
        int e = i32("expanded.count");
        for (int i = 0; i < e; i++) {
            i32("expanded[" + i + "]");
        }
    }

    // ---- kind 7: GridFlowField ----

    /** Kind 7: size, area version, goals and pending cells, then the flow field search piece. */
    private void flowField() {
        width = i32("width");
        i32("height");
        i32("areaVersion");
        int goals = i32("goals.count");
        for (int i = 0; i < goals; i++) {
            cell("goal[" + i + "]");
        }
        int pending = i32("pending.count");
        for (int i = 0; i < pending; i++) {
            cell("pending[" + i + "]");
        }
        i32("flow.nodeCount");
        int status = Byte.toUnsignedInt(bytes[in.position()]);
        String[] names = {"not started", "running", "complete"};
        line(1, "flow.status = " + status + (status < names.length ? " (" + names[status] + ")" : " (BAD)"));
        i32("flow.settled");
        int repairing = u8("flow.repairing");
        int sorted = i32("flow.goals.count");
        for (int i = 0; i < sorted; i++) {
            cell("flow.goal[" + i + "]");
        }
        int reached = i32("flow.reached.count");
        for (int i = 0; i < reached; i++) {
            cell("flow.reached[" + i + "].node");
            f64("flow.reached[" + i + "].cost");
        }
        int steps = i32("flow.steps.count");
        for (int i = 0; i < steps; i++) {
            cell("flow.step[" + i + "].node");
            cell("flow.step[" + i + "].next");
        }
        int open = i32("open.count");
        for (int s = 0; s < open; s++) {
            cell("open[" + s + "].node");
            f64("open[" + s + "].F");
            f64("open[" + s + "].G");
        }
        if (repairing == 1) {
            int touched = i32("flow.touched.count");
            for (int i = 0; i < touched; i++) {
                cell("flow.touched[" + i + "]");
            }
        }
    }

    // ---- kinds 5 and 6: replanners ----

    private void replanner() {
        width = i32("width");
        i32("height");
        int algorithm = Byte.toUnsignedInt(bytes[in.position()]);
        line(1, "algorithm = " + algorithm + (algorithm == 5 ? " (LPA*)" : algorithm == 6 ? " (D* Lite)" : " (BAD)"));
        i32("areaVersion");
        cell("start");
        cell("goal");
        i32("replan.nodeCount");
        int mode = Byte.toUnsignedInt(bytes[in.position()]);
        line(1, "replan.mode = " + mode + (mode == 0 ? " (LPA*)" : mode == 1 ? " (D* Lite)" : " (BAD)"));
        cell("replan.start");
        cell("replan.goal");
        int initialized = u8("replan.initialized");
        u8("replan.found");
        i64("replan.iterations");
        i64("replan.expanded");
        i32("replan.lastExpanded");
        if (initialized == 0) {
            return;
        }
        f64("replan.km");
        u8("replan.overflow");
        int pending = i32("replan.pending.count");
        for (int i = 0; i < pending; i++) {
            int e = in.getInt(in.position());
            line(
                    4,
                    "replan.pending[" + i + "] = " + e
                            + (e >= 0
                                    ? " node " + e + " " + xy(e)
                                    : " = ~" + ~e + ", node " + ~e + " " + xy(~e) + " and its neighbours"));
        }
        int planned = i32("replan.planned.count");
        for (int i = 0; i < planned; i++) {
            cell("replan.planned[" + i + "].node");
            f64("replan.planned[" + i + "].g");
            f64("replan.planned[" + i + "].rhs");
        }
        int open = i32("open.count");
        for (int s = 0; s < open; s++) {
            cell("open[" + s + "].node");
            f64("open[" + s + "].key1");
            f64("open[" + s + "].key2");
        }
    }

    private long i64(String field) {
        long v = in.getLong(in.position());
        line(8, field + " = " + v);
        return v;
    }

    // ---- kind 12: GridSearch ----

    private void gridSearch() {
        int mode = Byte.toUnsignedInt(bytes[in.position()]);
        line(1, "mode = " + mode + (mode < MODE.length ? " (" + MODE[mode] + ")" : " (BAD)"));
        width = i32("width");
        i32("height");
        switch (mode) {
            case 0 -> {}
            case 1 -> octileAStar();
            case 2 -> generic();
            case 3 -> octileJump();
            default -> throw new IllegalArgumentException("no dump for GridSearch mode " + mode);
        }
    }

    /** Mode 1: the specialised A*. */
    private void octileAStar() {
        int start = octileFixed();
        int v = i32("visited.count");
        for (int i = 0; i < v; i++) {
            int cell = cell("visited[" + i + "].cell");
            i32("visited[" + i + "].a (straight steps)");
            i32("visited[" + i + "].b (diagonal steps)");
            int flags = Byte.toUnsignedInt(bytes[in.position()]);
            int dir = flags >>> 1 & 7;
            String parent = cell == start && dir == 0 ? "the start, no parent" : "parent to the " + TO_PARENT[dir];
            line(
                    1,
                    "visited[" + i + "].flags = 0x" + String.format("%02X", flags) + " (" + closed(flags) + ", "
                            + parent + (flags > 15 ? ", BAD high bits" : "") + ")");
        }
    }

    /** Mode 2: the query's ends, then the generic core's own kind 8 or 9 state, walked in place. */
    private void generic() {
        i32("startX");
        i32("startY");
        i32("goalX");
        i32("goalY");
        int length = i32("length (of the embedded state)");
        int from = in.position();
        prefix = "embedded ";
        int kind = header();
        if (kind != 8 && kind != 9) {
            throw new IllegalArgumentException("GridSearch mode 2 embeds kind " + kind + ", not 8 or 9");
        }
        search();
        prefix = "";
        if (in.position() - from != length) {
            throw new IllegalArgumentException(
                    "the embedded state takes " + (in.position() - from) + " bytes, length says " + length);
        }
    }

    /** Mode 3: the specialised jump point search. */
    private void octileJump() {
        int finder = Byte.toUnsignedInt(bytes[in.position()]);
        line(1, "finder = " + finder + (finder == 0 ? " (block scans)" : finder == 1 ? " (JPS+ tables)" : " (BAD)"));
        octileFixed();
        int v = i32("visited.count");
        for (int i = 0; i < v; i++) {
            cell("visited[" + i + "].cell");
            i32("visited[" + i + "].a (straight steps)");
            i32("visited[" + i + "].b (diagonal steps)");
            int parent = in.getInt(in.position());
            line(4, "visited[" + i + "].parent = " + parent + (parent < 0 ? " (none)" : " " + xy(parent)));
            int flags = Byte.toUnsignedInt(bytes[in.position()]);
            int dir = flags >>> 1 & 7;
            String move = parent < 0 && dir == 0 ? "no parent, no last move" : "last move " + MOVE[dir];
            line(
                    1,
                    "visited[" + i + "].flags = 0x" + String.format("%02X", flags) + " (" + closed(flags) + ", " + move
                            + (flags > 15 ? ", BAD high bits" : "") + ")");
        }
        double level = in.getDouble(in.position());
        line(8, "level = " + level + (Double.isNaN(level) ? " (nothing has popped)" : ""));
        int heap = i32("heap.count");
        for (int s = 0; s < heap; s++) {
            f64("heap[" + s + "].F");
            long t = in.getLong(in.position());
            float g = Float.intBitsToFloat(~(int) (t >>> 32));
            line(
                    8,
                    "heap[" + s + "].T = 0x" + String.format("%016X", t) + " (g " + g + ", cell " + (int) t + " "
                            + xy((int) t) + ")");
        }
        int stack = i32("stack.count");
        for (int i = 0; i < stack; i++) {
            cell("stack[" + i + "]");
        }
    }

    /** Status to pathB, the fields modes 1 and 3 share; returns the start. */
    private int octileFixed() {
        int status = Byte.toUnsignedInt(bytes[in.position()]);
        line(1, "status = " + status + (status < STATUS.length ? " (" + STATUS[status] + ")" : ""));
        u8("zeroEstimate");
        int start = cell("start");
        cell("goal");
        i32("expanded");
        i32("iterations");
        i32("pathA (straight steps of the found path)");
        i32("pathB (diagonal steps of the found path)");
        return start;
    }

    private int cell(String field) {
        int c = in.getInt(in.position());
        line(4, field + " = " + c + " " + xy(c));
        return c;
    }

    private String xy(int cell) {
        return cell < 0 ? "(outside)" : "(" + cell % width + ", " + cell / width + ")";
    }

    private static String closed(int flags) {
        return (flags & 1) != 0 ? "closed" : "open";
    }

    private int i32(String field) {
        int v = in.getInt(in.position());
        line(4, field + " = " + v);
        return v;
    }

    private int u8(String field) {
        int v = Byte.toUnsignedInt(bytes[in.position()]);
        line(1, field + " = " + v);
        return v;
    }

    private void f64(String field) {
        double v = in.getDouble(in.position());
        line(8, field + " = " + v);
    }

    private void line(int length, String label) {
        if (in.position() + length > bytes.length) {
            throw new IllegalArgumentException("state ends inside " + label);
        }
        spans.add(new long[] {in.position(), length});
        labels.add(prefix + label);
        in.position(in.position() + length);
    }

    private String render() {
        int widest = 0;
        for (long[] s : spans) {
            widest = Math.max(widest, (int) s[1] * 3 - 1);
        }
        int offsetDigits = Math.max(4, Integer.toHexString(bytes.length).length());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < spans.size(); i++) {
            long[] s = spans.get(i);
            StringBuilder hex = new StringBuilder();
            for (int k = 0; k < s[1]; k++) {
                if (k > 0) {
                    hex.append(' ');
                }
                hex.append(String.format("%02X", bytes[(int) s[0] + k]));
            }
            out.append(String.format("%0" + offsetDigits + "X", s[0]))
                    .append("  ")
                    .append(String.format("%-" + widest + "s", hex))
                    .append("  ")
                    .append(labels.get(i))
                    .append('\n');
        }
        return out.toString();
    }
}
