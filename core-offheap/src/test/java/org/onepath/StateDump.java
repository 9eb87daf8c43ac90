package org.onepath;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * An annotated hex dump of a state (kinds 1, 3, 8 and 9), one field per line: offset, bytes and
 * the field's name and value, e.g. {@code 0000  4F 50 47 53  magic "OPGS"}. The walk follows
 * docs/formats/state-v1.md on its own (it does not use the engine's readers), so a dump that reads
 * right is an independent check of the bytes. Cells are shown one grid row a line, voxel chunks
 * one 16-voxel x-row a line. Meant for well-formed states (the golden files).
 */
final class StateDump {
    private static final String[] STATUS = {"NOT_STARTED", "RUNNING", "FOUND", "NO_PATH"};

    private final byte[] bytes;
    private final ByteBuffer in;
    private final List<long[]> spans = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();

    private StateDump(byte[] bytes) {
        this.bytes = bytes;
        this.in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The dump of a whole state; throws if the bytes are not a well-formed kind 1, 3, 8 or 9. */
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
        int magic = in.getInt(0);
        line(4, "magic \"" + (char) bytes[0] + (char) bytes[1] + (char) bytes[2] + (char) bytes[3] + "\""
                + (magic == 0x5347504F ? "" : " (BAD)"));
        line(2, "format version = " + Short.toUnsignedInt(in.getShort(4)));
        int kind = Short.toUnsignedInt(in.getShort(6));
        String name = switch (kind) {
            case 1 -> "Grid";
            case 3 -> "VoxelGrid";
            case 8 -> "A*";
            case 9 -> "jump point search";
            default -> throw new IllegalArgumentException("no dump for kind " + kind);
        };
        line(2, "kind = " + kind + " (" + name + ")");
        switch (kind) {
            case 1 -> grid();
            case 3 -> voxels();
            default -> search();
        }
        if (in.position() != bytes.length) {
            throw new IllegalArgumentException((bytes.length - in.position()) + " bytes after the payload");
        }
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
                    line(1, "slot " + slot + " " + chunk + " flag = " + flag + (flag == 1 ? " (stored, 4096 bytes follow)" : " (default)"));
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
        labels.add(label);
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
            out.append(String.format("%0" + offsetDigits + "X", s[0])).append("  ")
                    .append(String.format("%-" + widest + "s", hex)).append("  ").append(labels.get(i)).append('\n');
        }
        return out.toString();
    }
}
