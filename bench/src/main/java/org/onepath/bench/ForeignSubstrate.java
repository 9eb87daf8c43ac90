package org.onepath.bench;

import static org.onepath.layout.OctileNodeLayout.RECORD_BYTES;
import static org.onepath.layout.OctileNodeLayout.SLOT_OFFSET;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import org.onepath.layout.JpsPlusLayout;
import org.onepath.layout.OctileNodeLayout;
import org.onepath.memory.QuadHeap;
import org.onepath.memory.QuadHeapLayout;
import org.onepath.state.GridStateFormat;

/**
 * The three operations of {@link SubstrateBenchmark} through {@code java.lang.foreign}, written as
 * the engine writes them; the baseline of the comparison.
 *
 * <ul>
 *   <li>Snapshot copy: {@code Grid.saveState} writes the cells with one {@link MemorySegment#copy}
 *       from the grid's segment to {@link GridStateFormat#CELLS_OFFSET} (2,088) of the
 *       destination, behind the state's head. Both segments come from a shared {@link Arena},
 *       like a host's state buffer.</li>
 *   <li>Heap sift: {@code OctileAStar}'s open list ({@code SubstrateInputs.HEAP_SLOT_BYTES}, 16-byte slots, 4-ary,
 *       hole-moving sifts, the slot position written into the node record's {@code slot} field on
 *       every move), with the same comparisons in the same order. The slots are allocated once at
 *       full size, so the engine's growth step never runs.</li>
 *   <li>Section read: the store mapped read-only as {@code StoreFile.open} maps it
 *       ({@link FileChannel#map(FileChannel.MapMode, long, long, Arena)}), the JPS+ section sliced
 *       out as {@code GridTables} does, and its i16 little-endian entries read through
 *       {@link JpsPlusLayout#ENTRY} and summed.</li>
 * </ul>
 * Every access is bounds-checked and checks that the arena is alive; there is no other mode.
 */
final class ForeignSubstrate implements AutoCloseable {
    private static final ValueLayout.OfInt INT = OctileNodeLayout.INT;

    private final Arena arena = Arena.ofShared();
    private final MemorySegment cells;
    private final MemorySegment state;
    private final MemorySegment heap;
    private final MemorySegment records;
    private final int[] entryCell;
    private final double[] entryF;
    private final float[] entryG;
    private final MemorySegment table;
    private int heapSize;

    ForeignSubstrate(byte[] cellBytes, SubstrateInputs.HeapEntries entries, SubstrateInputs.BakedSection section)
            throws IOException {
        cells = arena.allocate(cellBytes.length, 8);
        MemorySegment.copy(cellBytes, 0, cells, ValueLayout.JAVA_BYTE, 0, cellBytes.length);
        state = arena.allocate(GridStateFormat.CELLS_OFFSET + cellBytes.length, 8);
        heap = arena.allocate(SubstrateInputs.HEAP_ENTRIES * SubstrateInputs.HEAP_SLOT_BYTES, 8);
        records = arena.allocate(SubstrateInputs.HEAP_ENTRIES * RECORD_BYTES, 8);
        entryCell = entries.cell();
        entryF = entries.f();
        entryG = entries.g();
        try (FileChannel channel = FileChannel.open(section.file(), StandardOpenOption.READ)) {
            MemorySegment mapping = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            table = mapping.asSlice(section.offset(), section.length());
        }
    }

    /** The cells copied into the state at the cells' offset; returns the bytes copied. */
    long snapshotCopy() {
        final long n = cells.byteSize();
        MemorySegment.copy(cells, 0, state, GridStateFormat.CELLS_OFFSET, n);
        return n;
    }

    /** Byte {@code i} of the state's cells (for the tests). */
    byte stateCell(int i) {
        return state.get(ValueLayout.JAVA_BYTE, GridStateFormat.CELLS_OFFSET + i);
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
        final MemorySegment t = table;
        final long n = t.byteSize() / JpsPlusLayout.ENTRY_BYTES;
        long sum = 0;
        for (long i = 0; i < n; i++) {
            sum += t.get(JpsPlusLayout.ENTRY, i * JpsPlusLayout.ENTRY_BYTES);
        }
        return sum;
    }

    @Override
    public void close() {
        arena.close();
    }

    // ---- OctileAStar's heap, line for line ----

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
        final MemorySegment h = heap;
        int top = h.get(SubstrateInputs.HEAP_INT, SubstrateInputs.HEAP_CELL_OFFSET);
        int last = --heapSize;
        if (last > 0) {
            long off = last * SubstrateInputs.HEAP_SLOT_BYTES;
            siftDown(
                    0,
                    h.get(SubstrateInputs.HEAP_INT, off + SubstrateInputs.HEAP_CELL_OFFSET),
                    h.get(SubstrateInputs.HEAP_F, off + SubstrateInputs.HEAP_F_OFFSET),
                    h.get(SubstrateInputs.HEAP_G, off + SubstrateInputs.HEAP_G_OFFSET));
        }
        return top;
    }

    private void siftUp(int pos, int cell, double f, float g) {
        final MemorySegment h = heap;
        while (pos > 0) {
            int parent = QuadHeap.parentOf(pos);
            long pOff = parent * SubstrateInputs.HEAP_SLOT_BYTES;
            double pf = h.get(SubstrateInputs.HEAP_F, pOff + SubstrateInputs.HEAP_F_OFFSET);
            float pg = h.get(SubstrateInputs.HEAP_G, pOff + SubstrateInputs.HEAP_G_OFFSET);
            int pc = h.get(SubstrateInputs.HEAP_INT, pOff + SubstrateInputs.HEAP_CELL_OFFSET);
            if (!before(f, g, cell, pf, pg, pc)) {
                break;
            }
            writeSlot(h, pos, pc, pf, pg);
            pos = parent;
        }
        writeSlot(h, pos, cell, f, g);
    }

    private void siftDown(int pos, int cell, double f, float g) {
        final MemorySegment h = heap;
        final int n = heapSize;
        while (true) {
            int first = QuadHeap.firstChildOf(pos);
            if (first >= n) {
                break;
            }
            int end = Math.min(first + QuadHeapLayout.ARITY, n);
            int best = first;
            long bOff = first * SubstrateInputs.HEAP_SLOT_BYTES;
            double bf = h.get(SubstrateInputs.HEAP_F, bOff + SubstrateInputs.HEAP_F_OFFSET);
            float bg = h.get(SubstrateInputs.HEAP_G, bOff + SubstrateInputs.HEAP_G_OFFSET);
            int bc = h.get(SubstrateInputs.HEAP_INT, bOff + SubstrateInputs.HEAP_CELL_OFFSET);
            for (int c = first + 1; c < end; c++) {
                long cOff = c * SubstrateInputs.HEAP_SLOT_BYTES;
                double cf = h.get(SubstrateInputs.HEAP_F, cOff + SubstrateInputs.HEAP_F_OFFSET);
                if (cf > bf) {
                    continue;
                }
                float cg = h.get(SubstrateInputs.HEAP_G, cOff + SubstrateInputs.HEAP_G_OFFSET);
                int cc = h.get(SubstrateInputs.HEAP_INT, cOff + SubstrateInputs.HEAP_CELL_OFFSET);
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

    private void writeSlot(MemorySegment h, int pos, int cell, double f, float g) {
        long off = pos * SubstrateInputs.HEAP_SLOT_BYTES;
        h.set(SubstrateInputs.HEAP_F, off + SubstrateInputs.HEAP_F_OFFSET, f);
        h.set(SubstrateInputs.HEAP_G, off + SubstrateInputs.HEAP_G_OFFSET, g);
        h.set(SubstrateInputs.HEAP_INT, off + SubstrateInputs.HEAP_CELL_OFFSET, cell);
        records.set(INT, cell * RECORD_BYTES + SLOT_OFFSET, pos);
    }
}
