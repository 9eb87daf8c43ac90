package org.onepath.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The three substrates of {@link SubstrateBenchmark} do the same work: the same cells copied, the
 * same pop order out of the heap, the same section sum. (Surefire runs this with the Agrona and
 * Chronicle flags of the benchmark's forks; see the bench pom.)
 */
class SubstrateBenchmarkTest {
    private static byte[] cells;
    private static SubstrateInputs.HeapEntries entries;
    private static SubstrateInputs.BakedSection section;

    @BeforeAll
    static void inputs() throws IOException {
        cells = SubstrateInputs.cells();
        entries = SubstrateInputs.heapEntries();
        section = SubstrateInputs.bakedSection();
    }

    @AfterAll
    static void delete() throws IOException {
        section.close();
    }

    @Test
    void theThreeSubstratesComputeTheSameResults() throws IOException {
        try (ForeignSubstrate foreign = new ForeignSubstrate(cells, entries, section);
                AgronaSubstrate agrona = new AgronaSubstrate(cells, entries, section);
                ChronicleSubstrate chronicle = new ChronicleSubstrate(cells, entries, section)) {
            assertEquals(SubstrateInputs.CELL_COUNT, foreign.snapshotCopy());
            assertEquals(SubstrateInputs.CELL_COUNT, agrona.snapshotCopy());
            assertEquals(SubstrateInputs.CELL_COUNT, chronicle.snapshotCopy());
            for (int i = 0; i < cells.length; i += 4093) {
                assertEquals(cells[i], foreign.stateCell(i), "cell " + i);
                assertEquals(cells[i], agrona.stateCell(i), "cell " + i);
                assertEquals(cells[i], chronicle.stateCell(i), "cell " + i);
            }
            int last = cells.length - 1;
            assertEquals(cells[last], agrona.stateCell(last));
            assertEquals(cells[last], chronicle.stateCell(last));

            long order = foreign.heapSift();
            assertEquals(order, foreign.heapSift(), "a second run pops in the same order");
            assertEquals(order, agrona.heapSift());
            assertEquals(order, chronicle.heapSift());

            long sum = foreign.sectionRead();
            assertNotEquals(0, sum, "the JPS+ section holds distances");
            assertEquals(sum, agrona.sectionRead());
            assertEquals(sum, chronicle.sectionRead());
        }
    }

    @Test
    void theHeapPopsInTheOctileOrder() throws IOException {
        // Smaller f first, then larger g, then smaller cell: the popped order checked against a sort.
        Integer[] byOrder = new Integer[entries.cell().length];
        for (int i = 0; i < byOrder.length; i++) {
            byOrder[i] = i;
        }
        java.util.Arrays.sort(byOrder, (a, b) -> {
            int c = Double.compare(entries.f()[a], entries.f()[b]);
            if (c != 0) {
                return c;
            }
            c = Float.compare(entries.g()[b], entries.g()[a]);
            return c != 0 ? c : Integer.compare(entries.cell()[a], entries.cell()[b]);
        });
        long expected = 0;
        for (Integer i : byOrder) {
            expected = expected * 31 + entries.cell()[i];
        }
        try (ForeignSubstrate foreign = new ForeignSubstrate(cells, entries, section)) {
            assertEquals(expected, foreign.heapSift());
        }
    }
}
