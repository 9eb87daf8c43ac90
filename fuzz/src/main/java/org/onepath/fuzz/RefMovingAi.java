package org.onepath.fuzz;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.onepath.fuzz.RefText.Reject;

/**
 * Plain reference readers of the Moving AI formats (spec 001, "Moving AI files" and "Moving AI
 * voxel files"), written from their rules: they return plain data or throw {@link Reject}.
 */
final class RefMovingAi {
    static final int MAX_SIDE = 65536;
    static final long MAX_CELLS = 1L << 28;
    static final long MAX_VOXELS = 1L << 30;
    private static final String MAP_CHARS = ".GS@OTW";

    private RefMovingAi() {}

    record Map(String type, int width, int height, List<String> rows) {}

    record Scen(int bucket, String map, int w, int h, int sx, int sy, int gx, int gy, double length, int decimals) {}

    record VoxelMap(int x, int y, int z, List<int[]> solid) {}

    record VoxelScen(String map, int[] coords, double length, double ratio) {}

    /** {@code type}, {@code height}, {@code width} once each in any order (blank lines between), {@code map}, the rows, then only blank lines. */
    static Map map(byte[] input) {
        List<String> lines = RefText.lines(RefText.text(input));
        String type = null;
        long width = -1;
        long height = -1;
        int i = 0;
        while (true) {
            if (i == lines.size()) {
                throw new Reject(i, "ends in the header");
            }
            String[] f = RefText.fields(lines.get(i++));
            if (f.length == 0) {
                continue;
            }
            if (f.length == 1 && f[0].equals("map")) {
                break;
            }
            if (f.length != 2) {
                throw new Reject(i, "header line of " + f.length + " fields");
            }
            switch (f[0]) {
                case "type" -> {
                    if (type != null) {
                        throw new Reject(i, "second type");
                    }
                    type = f[1];
                }
                case "height" -> {
                    if (height >= 0) {
                        throw new Reject(i, "second height");
                    }
                    height = RefText.integer(f[1], 1, MAX_SIDE, i);
                }
                case "width" -> {
                    if (width >= 0) {
                        throw new Reject(i, "second width");
                    }
                    width = RefText.integer(f[1], 1, MAX_SIDE, i);
                }
                default -> throw new Reject(i, "header key " + f[0]);
            }
        }
        if (type == null || width < 0 || height < 0 || width * height > MAX_CELLS) {
            throw new Reject(i, "header incomplete or too large");
        }
        List<String> rows = new ArrayList<>();
        for (int y = 0; y < height; y++) {
            if (i == lines.size()) {
                throw new Reject(i, "ends after " + y + " rows");
            }
            String row = lines.get(i++);
            if (row.length() != width) {
                throw new Reject(i, "row of " + row.length());
            }
            for (int x = 0; x < width; x++) {
                if (MAP_CHARS.indexOf(row.charAt(x)) < 0) {
                    throw new Reject(i, "character " + (int) row.charAt(x));
                }
            }
            rows.add(row);
        }
        for (; i < lines.size(); i++) {
            if (!RefText.blank(lines.get(i))) {
                throw new Reject(i + 1, "text after the rows");
            }
        }
        return new Map(type, (int) width, (int) height, rows);
    }

    /** The version line (line 1), then the non-blank lines after it. */
    private static List<long[]> body(List<String> lines) {
        if (lines.isEmpty()) {
            throw new Reject(1, "empty");
        }
        String[] v = RefText.fields(lines.getFirst());
        if (v.length != 2 || !v[0].equals("version") || !(v[1].equals("1") || v[1].equals("1.0"))) {
            throw new Reject(1, "no version line");
        }
        List<long[]> numbered = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (!RefText.blank(lines.get(i))) {
                numbered.add(new long[] {i + 1});
            }
        }
        return numbered;
    }

    /**
     * The decimal places a number was printed with, counted from its text: digits after the
     * point less the exponent; refused outside -308..1074 (a unit a double can hold, an exact
     * expansion's longest).
     */
    static int decimals(String s, long line) {
        int e = Math.max(s.indexOf('e'), s.indexOf('E'));
        String mantissa = e < 0 ? s : s.substring(0, e);
        int dot = mantissa.indexOf('.');
        long places = dot < 0 ? 0 : mantissa.length() - dot - 1;
        if (e >= 0) {
            String exponent = s.substring(e + 1);
            boolean negative = exponent.startsWith("-");
            String digits = exponent.replaceFirst("^[+-]", "").replaceFirst("^0+", "");
            if (digits.length() > 12) {
                throw new Reject(line, "exponent out of range: " + s);
            }
            long value = digits.isEmpty() ? 0 : Long.parseLong(digits);
            places += negative ? value : -value;
        }
        if (places < -308 || places > 1074) {
            throw new Reject(line, places + " decimal places: " + s);
        }
        return (int) places;
    }

    static List<Scen> scen(byte[] input) {
        List<String> lines = RefText.lines(RefText.text(input));
        List<Scen> out = new ArrayList<>();
        for (long[] n : body(lines)) {
            long at = n[0];
            String[] f = RefText.fields(lines.get((int) at - 1));
            if (f.length != 9) {
                throw new Reject(at, f.length + " fields");
            }
            int bucket = (int) RefText.integer(f[0], 0, Integer.MAX_VALUE, at);
            int w = (int) RefText.integer(f[2], 1, MAX_SIDE, at);
            int h = (int) RefText.integer(f[3], 1, MAX_SIDE, at);
            int sx = (int) RefText.integer(f[4], 0, w - 1, at);
            int sy = (int) RefText.integer(f[5], 0, h - 1, at);
            int gx = (int) RefText.integer(f[6], 0, w - 1, at);
            int gy = (int) RefText.integer(f[7], 0, h - 1, at);
            double length = RefText.number(f[8], false, at);
            out.add(new Scen(bucket, f[1], w, h, sx, sy, gx, gy, length, decimals(f[8], at)));
        }
        return out;
    }

    /** The first non-blank line {@code voxel X Y Z}, then {@code x y z} lines inside the block. */
    static VoxelMap voxelMap(byte[] input) {
        List<String> lines = RefText.lines(RefText.text(input));
        int i = 0;
        while (i < lines.size() && RefText.blank(lines.get(i))) {
            i++;
        }
        if (i == lines.size()) {
            throw new Reject(Math.max(1, i), "empty");
        }
        String[] h = RefText.fields(lines.get(i++));
        if (h.length != 4 || !h[0].equals("voxel")) {
            throw new Reject(i, "no voxel header");
        }
        long[] size = new long[3];
        for (int a = 0; a < 3; a++) {
            size[a] = RefText.integer(h[a + 1], 1, Integer.MAX_VALUE, i);
        }
        if (size[0] * size[1] * size[2] > MAX_VOXELS) {
            throw new Reject(i, "too many voxels");
        }
        List<int[]> solid = new ArrayList<>();
        for (; i < lines.size(); i++) {
            String[] f = RefText.fields(lines.get(i));
            if (f.length == 0) {
                continue;
            }
            if (f.length != 3) {
                throw new Reject(i + 1, f.length + " fields");
            }
            int[] v = new int[3];
            for (int a = 0; a < 3; a++) {
                v[a] = (int) RefText.integer(f[a], 0, size[a] - 1, i + 1);
            }
            solid.add(v);
        }
        return new VoxelMap((int) size[0], (int) size[1], (int) size[2], solid);
    }

    /** The version line, the map name alone on its line, then {@code sx sy sz gx gy gz length ratio} lines. */
    static List<VoxelScen> voxelScen(byte[] input) {
        List<String> lines = RefText.lines(RefText.text(input));
        List<long[]> body = body(lines);
        if (body.isEmpty()) {
            throw new Reject(lines.size(), "no map name");
        }
        String[] name = RefText.fields(lines.get((int) body.getFirst()[0] - 1));
        if (name.length != 1) {
            throw new Reject(body.getFirst()[0], "map name is not one field");
        }
        List<VoxelScen> out = new ArrayList<>();
        for (long[] n : body.subList(1, body.size())) {
            long at = n[0];
            String[] f = RefText.fields(lines.get((int) at - 1));
            if (f.length != 8) {
                throw new Reject(at, f.length + " fields");
            }
            int[] c = new int[6];
            for (int a = 0; a < 6; a++) {
                c[a] = (int) RefText.integer(f[a], 0, Integer.MAX_VALUE, at);
            }
            out.add(new VoxelScen(name[0], c, RefText.number(f[6], false, at), RefText.number(f[7], false, at)));
        }
        return out;
    }

    /** The distinct solid voxels of a reference map, as {@code x + X * (y + Y * z)}. */
    static Set<Long> solidSet(VoxelMap m) {
        Set<Long> s = new HashSet<>();
        for (int[] v : m.solid()) {
            s.add(v[0] + (long) m.x() * (v[1] + (long) m.y() * v[2]));
        }
        return s;
    }
}
