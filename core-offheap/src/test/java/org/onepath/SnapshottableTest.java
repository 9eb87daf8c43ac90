package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.Snapshottable;

/**
 * A host's rollback through {@link Snapshottable} alone: objects of every kind in one list, saved
 * together, changed, and restored together to the same bytes.
 */
class SnapshottableTest {
    /** The objects of a small world, in restore order (grids before what is built over them). */
    private record World(
            Grid grid,
            HexGrid hex,
            VoxelGrid voxels,
            Graph graph,
            GridSearch search,
            GridFlowField field,
            GridReplanner replanner)
            implements AutoCloseable {
        static World create() {
            Grid grid = Grid.create(12, 9);
            Graph graph = new Graph(4);
            graph.addEdge(0, 1, 1.5);
            graph.addEdge(1, 2, 2.0);
            World w = new World(
                    grid,
                    HexGrid.create(7, 5),
                    VoxelGrid.create(20, 18, 17),
                    graph,
                    grid.createSearch(GridOptions.DEFAULT),
                    grid.createFlowField(new Cell(11, 8)),
                    grid.createReplanner(new Cell(0, 0), new Cell(11, 0)));
            w.field.run();
            w.replanner.replan();
            assertEquals(PathStatus.IN_PROGRESS, w.search.tryBegin(new Cell(0, 8), new Cell(11, 8)));
            w.search.step(3);
            return w;
        }

        List<Snapshottable> all() {
            return List.of(grid, hex, voxels, graph, search, field, replanner);
        }

        /** One change to each object. */
        void change() {
            grid.setWalkable(5, 0, false);
            hex.setWalkable(3, 2, false);
            voxels.setWalkable(17, 17, 16, false);
            graph.addEdge(2, 3, 4.0);
            search.tryBegin(new Cell(1, 1), new Cell(2, 2));
            field.recompute();
            replanner.replan();
        }

        @Override
        public void close() {
            replanner.close();
            field.close();
            search.close();
            graph.close();
            voxels.close();
            hex.close();
            grid.close();
        }
    }

    @Test
    void oneListOfEveryKindRollsBackToTheSameBytes() {
        try (World w = World.create()) {
            List<byte[]> saved = new ArrayList<>();
            for (Snapshottable s : w.all()) {
                saved.add(s.saveState());
            }
            w.change();
            List<Snapshottable> all = w.all();
            for (int i = 0; i < all.size(); i++) {
                assertFalse(Arrays.equals(saved.get(i), all.get(i).saveState()), "the change shows in " + all.get(i));
            }
            for (int i = 0; i < all.size(); i++) {
                all.get(i).restoreState(saved.get(i));
            }
            for (int i = 0; i < all.size(); i++) {
                assertArrayEquals(
                        saved.get(i), all.get(i).saveState(), all.get(i).toString());
            }
        }
    }

    @Test
    void oneSegmentHoldsTheWholeWorldOneStateAfterAnother() {
        try (World w = World.create();
                Arena arena = Arena.ofConfined()) {
            List<Snapshottable> all = w.all();
            long total = all.stream().mapToLong(Snapshottable::stateLength).sum();
            MemorySegment buffer = arena.allocate(total + 3);
            long[] offsets = new long[all.size() + 1];
            offsets[0] = 3; // any offset, not only aligned ones
            for (int i = 0; i < all.size(); i++) {
                offsets[i + 1] = offsets[i] + all.get(i).saveState(buffer, offsets[i]);
            }
            assertEquals(buffer.byteSize(), offsets[all.size()]);
            List<byte[]> expected = all.stream().map(Snapshottable::saveState).toList();
            w.change();
            for (int i = 0; i < all.size(); i++) {
                all.get(i).restoreState(buffer.asSlice(offsets[i], offsets[i + 1] - offsets[i]));
            }
            for (int i = 0; i < all.size(); i++) {
                assertArrayEquals(
                        expected.get(i), all.get(i).saveState(), all.get(i).toString());
            }
        }
    }

    @Test
    void refusedBytesAndNullAreReportedThroughTheInterface() {
        try (World w = World.create()) {
            for (Snapshottable s : w.all()) {
                assertThrows(OnePathFormatException.class, () -> s.restoreState(new byte[3]), s.toString());
                NullPointerException e = assertThrows(NullPointerException.class, () -> s.restoreState((byte[]) null));
                assertEquals("state", e.getMessage());
            }
        }
    }
}
