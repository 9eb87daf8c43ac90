package org.onepath.bench;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import org.agrona.BufferUtil;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.onepath.layout.JpsPlusLayout;
import org.onepath.layout.OctileNodeLayout;
import org.onepath.memory.QuadHeap;
import org.onepath.memory.QuadHeapLayout;
import org.onepath.state.GridStateFormat;

/**
 * The three operations of {@link SubstrateBenchmark} through Agrona's {@link UnsafeBuffer}, written
 * as an Agrona user writes them, on the same layouts as {@link ForeignSubstrate}.
 *
 * <ul>
 *   <li>Memory: {@link ByteBuffer#allocateDirect} wrapped in an {@link UnsafeBuffer}, Agrona's
 *       usual idiom; the buffer reads and writes through {@code jdk.internal.misc.Unsafe}
 *       (Agrona 2), which is why the fork needs
 *       {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.</li>
 *   <li>Indexes are {@code int}, so a buffer holds at most 2 GiB: the layouts' {@code long}
 *       offsets are narrowed once, into the constants below.</li>
 *   <li>Snapshot copy: {@link UnsafeBuffer#putBytes(int, org.agrona.DirectBuffer, int, int)} from
 *       the cells buffer to the state buffer at {@link GridStateFormat#CELLS_OFFSET}.</li>
 *   <li>Heap sift: {@code OctileAStar}'s heap line for line; {@code getDouble(int)} and friends
 *       read native order, as the engine's working memory does.</li>
 *   <li>Section read: {@link IoUtil#mapExistingFile(File, FileChannel.MapMode, String)} maps the
 *       store read-only, an {@link UnsafeBuffer} wraps the JPS+ section of the mapping, and the
 *       entries are read with {@code getShort(index, LITTLE_ENDIAN)}, the store's byte order.</li>
 * </ul>
 * Bounds checks are on, Agrona's default ({@code agrona.disable.bounds.checks} unset), as they are
 * for the other two.
 */
final class AgronaSubstrate implements AutoCloseable {
    private static final int SLOT_BYTES = (int) SubstrateInputs.HEAP_SLOT_BYTES;
    private static final int F_OFFSET = (int) SubstrateInputs.HEAP_F_OFFSET;
    private static final int G_OFFSET = (int) SubstrateInputs.HEAP_G_OFFSET;
    private static final int CELL_OFFSET = (int) SubstrateInputs.HEAP_CELL_OFFSET;
    private static final int RECORD_BYTES = (int) OctileNodeLayout.RECORD_BYTES;
    private static final int RECORD_SLOT_OFFSET = (int) OctileNodeLayout.SLOT_OFFSET;
    private static final int ENTRY_BYTES = (int) JpsPlusLayout.ENTRY_BYTES;
    private static final int CELLS_OFFSET = Math.toIntExact(GridStateFormat.CELLS_OFFSET);

    private final UnsafeBuffer cells;
    private final UnsafeBuffer state;
    private final UnsafeBuffer heap;
    private final UnsafeBuffer records;
    private final int[] entryCell;
    private final double[] entryF;
    private final float[] entryG;
    private final MappedByteBuffer mapping;
    private final UnsafeBuffer table;
    private int heapSize;

    AgronaSubstrate(byte[] cellBytes, SubstrateInputs.HeapEntries entries, SubstrateInputs.BakedSection section) {
        cells = new UnsafeBuffer(ByteBuffer.allocateDirect(cellBytes.length));
        cells.putBytes(0, cellBytes);
        state = new UnsafeBuffer(ByteBuffer.allocateDirect(CELLS_OFFSET + cellBytes.length));
        heap = new UnsafeBuffer(ByteBuffer.allocateDirect(SubstrateInputs.HEAP_ENTRIES * SLOT_BYTES));
        records = new UnsafeBuffer(ByteBuffer.allocateDirect(SubstrateInputs.HEAP_ENTRIES * RECORD_BYTES));
        entryCell = entries.cell();
        entryF = entries.f();
        entryG = entries.g();
        mapping = IoUtil.mapExistingFile(section.file().toFile(), FileChannel.MapMode.READ_ONLY, "store");
        table = new UnsafeBuffer(mapping, Math.toIntExact(section.offset()), Math.toIntExact(section.length()));
    }

    /** The cells copied into the state at the cells' offset; returns the bytes copied. */
    long snapshotCopy() {
        final int n = cells.capacity();
        state.putBytes(CELLS_OFFSET, cells, 0, n);
        return n;
    }

    /** Byte {@code i} of the state's cells (for the tests). */
    byte stateCell(int i) {
        return state.getByte(CELLS_OFFSET + i);
    }

    /** Pushes every entry, then pops them all; returns a hash of the popped order. */
    long heapSift() {
        final int[] cell = entryCell;
        final double[] f = entryF;
        final float[] g = entryG;
        heapSize = 0;
        for (int i = 0; i < cell.length; i++) {
            siftUp(heapSize++, cell[i], f[i], g[i]);
        }
        long hash = 0;
        while (heapSize > 0) {
            hash = hash * 31 + popMin();
        }
        return hash;
    }

    /** Sum of the JPS+ section's entries. */
    long sectionRead() {
        final UnsafeBuffer t = table;
        final int n = t.capacity() / ENTRY_BYTES;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += t.getShort(i * ENTRY_BYTES, ByteOrder.LITTLE_ENDIAN);
        }
        return sum;
    }

    @Override
    public void close() {
        IoUtil.unmap(mapping);
        BufferUtil.free(cells);
        BufferUtil.free(state);
        BufferUtil.free(heap);
        BufferUtil.free(records);
    }

    // ---- OctileAStar's heap, line for line, on int indexes ----

    private static boolean before(double f1, float g1, int c1, double f2, float g2, int c2) {
        if (f1 != f2) {
            return f1 < f2;
        }
        if (g1 != g2) {
            return g1 > g2;
        }
        return c1 < c2;
    }

    private int popMin() {
        final UnsafeBuffer h = heap;
        int top = h.getInt(CELL_OFFSET);
        int last = --heapSize;
        if (last > 0) {
            int off = last * SLOT_BYTES;
            siftDown(0, h.getInt(off + CELL_OFFSET), h.getDouble(off + F_OFFSET), h.getFloat(off + G_OFFSET));
        }
        return top;
    }

    private void siftUp(int pos, int cell, double f, float g) {
        final UnsafeBuffer h = heap;
        while (pos > 0) {
            int parent = QuadHeap.parentOf(pos);
            int pOff = parent * SLOT_BYTES;
            double pf = h.getDouble(pOff + F_OFFSET);
            float pg = h.getFloat(pOff + G_OFFSET);
            int pc = h.getInt(pOff + CELL_OFFSET);
            if (!before(f, g, cell, pf, pg, pc)) {
                break;
            }
            writeSlot(h, pos, pc, pf, pg);
            pos = parent;
        }
        writeSlot(h, pos, cell, f, g);
    }

    private void siftDown(int pos, int cell, double f, float g) {
        final UnsafeBuffer h = heap;
        final int n = heapSize;
        while (true) {
            int first = QuadHeap.firstChildOf(pos);
            if (first >= n) {
                break;
            }
            int end = Math.min(first + QuadHeapLayout.ARITY, n);
            int best = first;
            int bOff = first * SLOT_BYTES;
            double bf = h.getDouble(bOff + F_OFFSET);
            float bg = h.getFloat(bOff + G_OFFSET);
            int bc = h.getInt(bOff + CELL_OFFSET);
            for (int c = first + 1; c < end; c++) {
                int cOff = c * SLOT_BYTES;
                double cf = h.getDouble(cOff + F_OFFSET);
                if (cf > bf) {
                    continue;
                }
                float cg = h.getFloat(cOff + G_OFFSET);
                int cc = h.getInt(cOff + CELL_OFFSET);
                if (before(cf, cg, cc, bf, bg, bc)) {
                    best = c;
                    bf = cf;
                    bg = cg;
                    bc = cc;
                }
            }
            if (!before(bf, bg, bc, f, g, cell)) {
                break;
            }
            writeSlot(h, pos, bc, bf, bg);
            pos = best;
        }
        writeSlot(h, pos, cell, f, g);
    }

    private void writeSlot(UnsafeBuffer h, int pos, int cell, double f, float g) {
        int off = pos * SLOT_BYTES;
        h.putDouble(off + F_OFFSET, f);
        h.putFloat(off + G_OFFSET, g);
        h.putInt(off + CELL_OFFSET, cell);
        records.putInt(cell * RECORD_BYTES + RECORD_SLOT_OFFSET, pos);
    }
}
