package org.onepath.store;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;

/**
 * An annotated hex dump of a voxel hierarchy section (id 18), one field per line: the offset in
 * the section, the bytes, the field's name and value, e.g. {@code 0004  1A 00 00 00  moves = 26}.
 * The walk follows {@code docs/formats/store-v1.md} ("Voxel hierarchy") with its own offsets, not
 * the layout classes', so a dump that reads right is an independent check of the bytes. Blocks are
 * walked for solid and open chunks (node records); meant for the golden section, which has no
 * stored chunk.
 */
final class HierarchySectionDump {
    private static final String[] KINDS = {"solid", "open", "stored"};
    private static final String[] FACES = {"-x", "+x", "-y", "+y", "-z", "+z"};

    private final byte[] bytes;
    private final ByteBuffer in;
    private final StringBuilder out = new StringBuilder();

    private HierarchySectionDump(byte[] section) {
        this.bytes = section;
        this.in = ByteBuffer.wrap(section).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The dump of a whole section; throws if the bytes are not a well-formed section without stored chunks. */
    static String of(byte[] section) {
        HierarchySectionDump d = new HierarchySectionDump(section);
        d.walk();
        return d.out.toString();
    }

    private void walk() {
        u32("version (hierarchy rules)");
        u32("moves");
        int corner = in.getInt(in.position());
        line(
                4,
                "corner rule = " + corner + " ("
                        + switch (corner) {
                            case 0 -> "no corner cutting";
                            case 1 -> "no squeezing";
                            case 2 -> "allow all";
                            default -> "BAD";
                        }
                        + ")");
        u32("face samples");
        int slots = u32("slots");
        u32("reserved, zero");
        long directory = u64("directory offset");
        long directoryLength = u64("directory length");
        long blocks = u64("blocks offset");
        long blocksLength = u64("blocks length");
        u64("reserved, zero");
        expect(directory == 64 && directoryLength == slots * 56L, "directory at 64, 56 bytes a slot");
        int[] kinds = new int[slots];
        int[] nodes = new int[slots];
        long[] offsets = new long[slots];
        for (int slot = 0; slot < slots; slot++) {
            String r = "slot " + slot + " ";
            offsets[slot] = u64(r + "block offset");
            u64(r + "block length");
            kinds[slot] = in.getInt(in.position());
            line(4, r + "kind = " + kinds[slot] + " (" + KINDS[kinds[slot]] + ")");
            u32(r + "area");
            u32(r + "regions");
            for (int f = 0; f < 6; f++) {
                u32(r + "first node of face " + f + " (" + FACES[f] + ")");
            }
            nodes[slot] = u32(r + "node count");
        }
        while (in.position() < blocks) {
            line((int) Math.min(8, blocks - in.position()), "padding, zero");
        }
        for (int slot = 0; slot < slots; slot++) {
            expect(kinds[slot] != 2, "no stored chunk in a dumped section");
            for (int i = 0; i < nodes[slot]; i++) {
                expect(in.position() == blocks + offsets[slot] + i * 8L, "blocks back to back in slot order");
                int voxel = in.getInt(in.position());
                line(
                        4,
                        String.format(
                                Locale.ROOT,
                                "slot %d node %d voxel = %d (x %d, y %d, z %d in the chunk)",
                                slot,
                                i,
                                voxel,
                                voxel & 15,
                                (voxel >>> 4) & 15,
                                voxel >>> 8));
                u32("slot " + slot + " node " + i + " region");
            }
        }
        expect(in.position() == blocks + blocksLength && in.position() == bytes.length, "the blocks end the section");
    }

    private int u32(String name) {
        int v = in.getInt(in.position());
        line(4, name + " = " + Integer.toUnsignedString(v));
        return v;
    }

    private long u64(String name) {
        long v = in.getLong(in.position());
        line(8, name + " = " + Long.toUnsignedString(v));
        return v;
    }

    private void line(int length, String label) {
        int at = in.position();
        StringBuilder hex = new StringBuilder();
        for (int i = 0; i < length; i++) {
            hex.append(String.format(Locale.ROOT, "%02X ", bytes[at + i]));
        }
        out.append(String.format(
                Locale.ROOT, "%04X  %-24s %s%n", at, hex.toString().strip(), label));
        in.position(at + length);
    }

    private static void expect(boolean holds, String what) {
        if (!holds) {
            throw new IllegalArgumentException("not a section the dump walks: expected " + what);
        }
    }
}
