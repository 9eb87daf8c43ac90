package org.onepath.bench;

import static org.onepath.layout.OctileNodeLayout.RECORD_BYTES;
import static org.onepath.layout.OctileNodeLayout.SLOT_OFFSET;

import java.io.IOException;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MappedBytes;
import org.onepath.layout.JpsPlusLayout;
import org.onepath.memory.QuadHeap;
import org.onepath.memory.QuadHeapLayout;
import org.onepath.state.GridStateFormat;

/**
 * The three operations of {@link SubstrateBenchmark} through Chronicle Bytes, written as a
 * Chronicle user writes them, on the same layouts and {@code long} offsets as
 * {@link ForeignSubstrate}.
 *
 * <ul>
 *   <li>Memory: {@link Bytes#allocateDirect(long)} (a fixed-capacity native store behind a
 *       {@code NativeBytes}), released with {@code releaseLast()}. Chronicle's reference counts
 *       stand where an {@code Arena} stands in the engine.</li>
 *   <li>Access goes through {@code Bytes}, not through the {@code BytesStore} beneath it:
 *       {@code Bytes}' random reads and writes check the offset against the capacity (as a segment
 *       and an {@code UnsafeBuffer} do), while {@code NativeBytesStore.readDouble(long)} and the
 *       other store accessors check nothing and read past the end silently. Comparing checked
 *       access with checked access is the fair measure, and the engine keeps its checks on.</li>
 *   <li>Snapshot copy: {@code Bytes.write(long, RandomDataInput, long, long)}, which copies
 *       native to native in one {@code copyMemory} when both sides are direct.</li>
 *   <li>Heap sift: {@code OctileAStar}'s heap line for line; Chronicle reads and writes native
 *       order only, as the engine's working memory does.</li>
 *   <li>Section read: {@link MappedBytes#singleMappedBytes(java.io.File, long, boolean)} maps the
 *       whole store read-only in one mapping (as {@code StoreFile.open} does), and the entries are
 *       read with {@code readShort(long)} at the section's file offset. Chronicle has no byte-order
 *       parameter: the values are right because the machine is little-endian like the store.</li>
 * </ul>
 * Chronicle needs the flags on {@link SubstrateBenchmark}'s Chronicle forks to initialise at all
 * on JDK 25, and warns about {@code sun.misc.Unsafe} without the last of them.
 */
final class ChronicleSubstrate implements AutoCloseable {
    private final Bytes<Void> cells;
    private final Bytes<Void> state;
    private final Bytes<Void> heap;
    private final Bytes<Void> records;
    private final int[] entryCell;
    private final double[] entryF;
    private final float[] entryG;
    private final MappedBytes mapping;
    private final long tableOffset;
    private final long tableLength;
    private int heapSize;

    ChronicleSubstrate(byte[] cellBytes, SubstrateInputs.HeapEntries entries, SubstrateInputs.BakedSection section)
            throws IOException {
        cells = Bytes.allocateDirect(cellBytes.length);
        cells.write(0, cellBytes);
        cells.readLimit(cellBytes.length);
        state = Bytes.allocateDirect(GridStateFormat.CELLS_OFFSET + cellBytes.length);
        heap = Bytes.allocateDirect(SubstrateInputs.HEAP_ENTRIES * SubstrateInputs.HEAP_SLOT_BYTES);
        records = Bytes.allocateDirect(SubstrateInputs.HEAP_ENTRIES * RECORD_BYTES);
        entryCell = entries.cell();
        entryF = entries.f();
        entryG = entries.g();
        java.io.File file = section.file().toFile();
        mapping = MappedBytes.singleMappedBytes(file, file.length(), true);
        tableOffset = section.offset();
        tableLength = section.length();
    }

    /** The cells copied into the state at the cells' offset; returns the bytes copied. */
    long snapshotCopy() {
        final long n = cells.capacity();
        state.write(GridStateFormat.CELLS_OFFSET, cells, 0, n);
        return n;
    }

    /** Byte {@code i} of the state's cells (for the tests). */
    byte stateCell(int i) {
        return state.readByte(GridStateFormat.CELLS_OFFSET + i);
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
        final MappedBytes m = mapping;
        final long at = tableOffset;
        final long n = tableLength / JpsPlusLayout.ENTRY_BYTES;
        long sum = 0;
        for (long i = 0; i < n; i++) {
            sum += m.readShort(at + i * JpsPlusLayout.ENTRY_BYTES);
        }
        return sum;
    }

    @Override
    public void close() {
        mapping.releaseLast();
        cells.releaseLast();
        state.releaseLast();
        heap.releaseLast();
        records.releaseLast();
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
        final Bytes<Void> h = heap;
        int top = h.readInt(SubstrateInputs.HEAP_CELL_OFFSET);
        int last = --heapSize;
        if (last > 0) {
            long off = last * SubstrateInputs.HEAP_SLOT_BYTES;
            siftDown(
                    0,
                    h.readInt(off + SubstrateInputs.HEAP_CELL_OFFSET),
                    h.readDouble(off + SubstrateInputs.HEAP_F_OFFSET),
                    h.readFloat(off + SubstrateInputs.HEAP_G_OFFSET));
        }
        return top;
    }

    private void siftUp(int pos, int cell, double f, float g) {
        final Bytes<Void> h = heap;
        while (pos > 0) {
            int parent = QuadHeap.parentOf(pos);
            long pOff = parent * SubstrateInputs.HEAP_SLOT_BYTES;
            double pf = h.readDouble(pOff + SubstrateInputs.HEAP_F_OFFSET);
            float pg = h.readFloat(pOff + SubstrateInputs.HEAP_G_OFFSET);
            int pc = h.readInt(pOff + SubstrateInputs.HEAP_CELL_OFFSET);
            if (!before(f, g, cell, pf, pg, pc)) {
                break;
            }
            writeSlot(h, pos, pc, pf, pg);
            pos = parent;
        }
        writeSlot(h, pos, cell, f, g);
    }

    private void siftDown(int pos, int cell, double f, float g) {
        final Bytes<Void> h = heap;
        final int n = heapSize;
        while (true) {
            int first = QuadHeap.firstChildOf(pos);
            if (first >= n) {
                break;
            }
            int end = Math.min(first + QuadHeapLayout.ARITY, n);
            int best = first;
            long bOff = first * SubstrateInputs.HEAP_SLOT_BYTES;
            double bf = h.readDouble(bOff + SubstrateInputs.HEAP_F_OFFSET);
            float bg = h.readFloat(bOff + SubstrateInputs.HEAP_G_OFFSET);
            int bc = h.readInt(bOff + SubstrateInputs.HEAP_CELL_OFFSET);
            for (int c = first + 1; c < end; c++) {
                long cOff = c * SubstrateInputs.HEAP_SLOT_BYTES;
                double cf = h.readDouble(cOff + SubstrateInputs.HEAP_F_OFFSET);
                if (cf > bf) {
                    continue;
                }
                float cg = h.readFloat(cOff + SubstrateInputs.HEAP_G_OFFSET);
                int cc = h.readInt(cOff + SubstrateInputs.HEAP_CELL_OFFSET);
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

    private void writeSlot(Bytes<Void> h, int pos, int cell, double f, float g) {
        long off = pos * SubstrateInputs.HEAP_SLOT_BYTES;
        h.writeDouble(off + SubstrateInputs.HEAP_F_OFFSET, f);
        h.writeFloat(off + SubstrateInputs.HEAP_G_OFFSET, g);
        h.writeInt(off + SubstrateInputs.HEAP_CELL_OFFSET, cell);
        records.writeInt(cell * RECORD_BYTES + SLOT_OFFSET, pos);
    }
}
