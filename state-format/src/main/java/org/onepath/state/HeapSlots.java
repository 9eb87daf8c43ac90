package org.onepath.state;

import java.util.Arrays;

/**
 * The code the two heap pieces share: both store count, then per slot an i32 node and two f64
 * keys, and obey the same membership rules. Only the names and offsets differ, so each piece
 * passes its {@link Shape}.
 */
final class HeapSlots {
    private HeapSlots() {}

    /**
     * Names and offsets of one heap piece, taken from its layout class.
     *
     * @param prefix   field-name prefix, e.g. {@code "open"}
     * @param key1Name name of the first key, e.g. {@code "f"}
     * @param key2Name name of the second key
     */
    record Shape(
            String prefix,
            String key1Name,
            String key2Name,
            long slotsOffset,
            long nodeOffset,
            long key1Offset,
            long key2Offset,
            long slotBytes) {
        long slotAt(long pieceAt, int slot) {
            return pieceAt + slotsOffset + slot * slotBytes;
        }
    }

    /** Slots as read, before any rule is checked. */
    record Raw(int[] nodes, double[] key1, double[] key2) {}

    /**
     * Reads the count and the slots. The count is bounded by nodeCount and by the bytes left
     * before the arrays are allocated; the slots themselves can then no longer run short.
     */
    static Raw read(StateReader reader, int nodeCount, Shape shape) {
        int n = reader.count(shape.prefix() + ".count", nodeCount, shape.slotBytes());
        int[] nodes = new int[n];
        double[] key1 = new double[n];
        double[] key2 = new double[n];
        // Constant field names: after the count check these reads cannot fail, and building a
        // name per slot would cost more than the read.
        String nodeField = shape.prefix() + ".node";
        String key1Field = shape.prefix() + "." + shape.key1Name();
        String key2Field = shape.prefix() + "." + shape.key2Name();
        for (int i = 0; i < n; i++) {
            nodes[i] = reader.i32(nodeField);
            key1[i] = reader.f64(key1Field);
            key2[i] = reader.f64(key2Field);
        }
        return new Raw(nodes, key1, key2);
    }

    /** Writes the count and the slots (checked by the caller). */
    static void write(StateWriter writer, int[] nodes, double[] key1, double[] key2) {
        writer.i32(nodes.length);
        for (int i = 0; i < nodes.length; i++) {
            writer.i32(nodes[i]).f64(key1[i]).f64(key2[i]);
        }
    }

    /** Nodes in 0..nodeCount-1 and distinct, keys not NaN. */
    static void check(
            int[] nodes, double[] key1, double[] key2, int nodeCount, long pieceAt, Shape shape, Complaint complaint) {
        int n = nodes.length;
        for (int i = 0; i < n; i++) {
            long slotAt = shape.slotAt(pieceAt, i);
            if (nodes[i] < 0 || nodes[i] >= nodeCount) {
                throw complaint.at(
                        slotField(shape, i, "node"),
                        Integer.toString(nodes[i]),
                        StateReader.indexRange(nodeCount),
                        slotAt + shape.nodeOffset());
            }
            if (Double.isNaN(key1[i])) {
                throw complaint.at(
                        slotField(shape, i, shape.key1Name()),
                        "NaN",
                        "a number (not NaN)",
                        slotAt + shape.key1Offset());
            }
            if (Double.isNaN(key2[i])) {
                throw complaint.at(
                        slotField(shape, i, shape.key2Name()),
                        "NaN",
                        "a number (not NaN)",
                        slotAt + shape.key2Offset());
            }
        }
        // Sorting a copy finds duplicates in O(n log n) with memory proportional to the piece,
        // not to nodeCount (a small open set on a huge grid stays cheap).
        int[] sorted = nodes.clone();
        Arrays.sort(sorted);
        for (int k = 1; k < n; k++) {
            if (sorted[k] == sorted[k - 1]) {
                int dup = sorted[k];
                int first = -1;
                for (int i = 0; i < n; i++) {
                    if (nodes[i] == dup) {
                        if (first >= 0) {
                            throw complaint.at(
                                    slotField(shape, i, "node"),
                                    Integer.toString(dup),
                                    "a node not already in slot " + first + " (nodes are distinct)",
                                    shape.slotAt(pieceAt, i) + shape.nodeOffset());
                        }
                        first = i;
                    }
                }
            }
        }
    }

    static String slotField(Shape shape, int slot, String name) {
        return shape.prefix() + "[" + slot + "]." + name;
    }

    static void requireSameLength(int[] nodes, double[] key1, double[] key2, String key1Name, String key2Name) {
        if (key1.length != nodes.length || key2.length != nodes.length) {
            throw new IllegalArgumentException("array lengths nodes " + nodes.length + ", " + key1Name + " "
                    + key1.length + ", " + key2Name + " " + key2.length + ": expected all equal");
        }
    }

    static String describe(int[] nodes, double[] key1, double[] key2, String key1Name, String key2Name) {
        return "nodes=" + Arrays.toString(nodes) + ", " + key1Name + "=" + Arrays.toString(key1) + ", " + key2Name + "="
                + Arrays.toString(key2);
    }
}
