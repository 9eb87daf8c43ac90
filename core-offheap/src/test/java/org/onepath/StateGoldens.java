package org.onepath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JumpSearch;

/**
 * The objects behind the golden state files of {@code src/test/resources/state/golden}: each is
 * built the same way every time (no randomness, no clock), so its {@code saveState()} must equal
 * the committed bytes forever. {@link #build()} gives the object in its saved state, {@link #fresh()}
 * an object built the same way to restore into (a new grid of the same size, or the same search
 * over the same grid with new buffers, not begun).
 */
enum StateGoldens {
    /** Kind 1: a 7 x 5 picture with walls and areas 1-3, costs changed, a world space, three edits. */
    GRID("grid-kind1"),
    /** Kind 3: 20 x 17 x 33 voxels, three stored chunks (one at the far corner), space and a cost. */
    VOXEL("voxel-kind3"),
    /** Kind 8: A* over the 10 x 8 search grid after 12 iterations, expansions recorded. */
    ASTAR_RUNNING("astar-kind8-running"),
    /** Kind 8: A* (weight 1.5) never begun: no search-buffers piece. */
    ASTAR_NOT_STARTED("astar-kind8-not-started"),
    /** Kind 8: the A* of {@link #ASTAR_RUNNING} run to the end. */
    ASTAR_FOUND("astar-kind8-found"),
    /** Kind 9: jump point search over the 12 x 9 uniform grid after 4 iterations, expansions recorded. */
    JPS_RUNNING("jps-kind9-running");

    /** Set to true to (re)write the golden files; the test then fails and asks for a review. */
    static final String WRITE_PROPERTY = "onepath.golden.write";

    static final String GRID_PICTURE = """
            ..1.#..
            .##2..3
            ..#..#.
            3..1...
            ..#.2#.
            """;

    static final String ASTAR_PICTURE = """
            ..........
            .####.222.
            ....#.2#2.
            .11.#.222.
            .11.#.....
            ....####.#
            .3........
            ...33...#.
            """;

    static final String JPS_PICTURE = """
            ............
            ..#####.....
            ......#..#..
            .####.#..#..
            ......#..#..
            ..#...####..
            ..#.........
            ..#####..##.
            ............
            """;

    /** A* running golden: iterations before the save. */
    static final int ASTAR_STEPS = 12;
    /** Jump point search golden: iterations before the save. */
    static final int JPS_STEPS = 4;
    static final double NOT_STARTED_WEIGHT = 1.5;

    private final String fileName;

    StateGoldens(String fileName) {
        this.fileName = fileName;
    }

    String fileName() {
        return fileName;
    }

    boolean isSearch() {
        return this != GRID && this != VOXEL;
    }

    /** The folder the golden files live in: the module's {@code src/test/resources/state/golden}. */
    static Path folder() {
        String base = System.getProperty("basedir", System.getProperty("user.dir"));
        return Path.of(base, "src", "test", "resources", "state", "golden");
    }

    Path binFile() {
        return folder().resolve(fileName + ".bin");
    }

    Path hexFile() {
        return folder().resolve(fileName + ".hex.txt");
    }

    /** The committed bytes; throws AssertionError (a test failure) naming the file when it is missing. */
    byte[] readBin() {
        Path bin = binFile();
        if (!Files.isRegularFile(bin)) {
            throw new AssertionError("golden file " + bin.toAbsolutePath() + " is missing. Golden files are made once: run"
                    + " the golden test with -D" + WRITE_PROPERTY + "=true, review the .hex.txt dumps and commit them.");
        }
        try {
            return Files.readAllBytes(bin);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- the objects ----

    /** The object in its golden state. */
    Subject build() {
        return switch (this) {
            case GRID -> new GridSubject(goldenGrid());
            case VOXEL -> new VoxelSubject(goldenVoxels());
            case ASTAR_RUNNING -> {
                AStarSubject s = new AStarSubject(1.0);
                s.astar.begin(s.astarStart(), s.astarGoal());
                s.astar.step(ASTAR_STEPS);
                yield s;
            }
            case ASTAR_NOT_STARTED -> new AStarSubject(NOT_STARTED_WEIGHT);
            case ASTAR_FOUND -> {
                AStarSubject s = new AStarSubject(1.0);
                s.astar.begin(s.astarStart(), s.astarGoal());
                s.astar.run();
                yield s;
            }
            case JPS_RUNNING -> {
                JumpSubject s = new JumpSubject();
                s.jps.begin(0, s.grid.cellCount() - 1);
                s.jps.step(JPS_STEPS);
                yield s;
            }
        };
    }

    /** An object built the same way, to restore the golden state into. */
    Subject fresh() {
        return switch (this) {
            case GRID -> new GridSubject(Grid.create(7, 5));
            case VOXEL -> new VoxelSubject(VoxelGrid.create(20, 17, 33));
            case ASTAR_RUNNING, ASTAR_FOUND -> new AStarSubject(1.0);
            case ASTAR_NOT_STARTED -> new AStarSubject(NOT_STARTED_WEIGHT);
            case JPS_RUNNING -> new JumpSubject();
        };
    }

    static Grid goldenGrid() {
        Grid grid = Grid.fromText(GRID_PICTURE);
        grid.areas().set(1, 2.5);
        grid.areas().set(2, 0.75);
        grid.areas().set(3, 4.0);
        grid.space(new GridSpace(-12.5, 100.25, 0.5));
        grid.setArea(0, 0, 3);
        grid.setWalkable(6, 4, false);
        grid.setArea(3, 2, 2);
        return grid;
    }

    static VoxelGrid goldenVoxels() {
        VoxelGrid voxels = VoxelGrid.create(20, 17, 33);
        voxels.space(new VoxelSpace(1.5, -2.25, 8.0, 0.25));
        voxels.areas().set(7, 3.5);
        voxels.setWalkable(1, 2, 3, false);        // chunk (0, 0, 0)
        voxels.setArea(5, 5, 5, 7);                // chunk (0, 0, 0)
        voxels.setArea(17, 0, 20, 7);              // chunk (1, 0, 1)
        voxels.setWalkable(19, 16, 32, false);     // chunk (1, 1, 2), the far corner
        voxels.setArea(16, 16, 32, 200);           // chunk (1, 1, 2)
        return voxels;
    }

    static Grid astarGrid() {
        Grid grid = Grid.fromText(ASTAR_PICTURE);
        grid.areas().set(1, 1.5);
        grid.areas().set(2, 3.0);
        grid.areas().set(3, 0.5);
        return grid;
    }

    static Grid jpsGrid() {
        return Grid.fromText(JPS_PICTURE);
    }

    // ---- subjects: one restore target with uniform access ----

    /** An object whose state can be saved and restored. */
    abstract static class Subject implements AutoCloseable {
        abstract byte[] save();

        abstract void restore(byte[] state);

        abstract void restore(MemorySegment state);

        /** fromState, then saveState of the new object (closed again); null when the kind has no fromState. */
        byte[] fromStateThenSave(byte[] state) {
            return null;
        }

        /** Change-listener calls since the last {@link #resetEvents()} (grids only). */
        int events() {
            return 0;
        }

        void resetEvents() {
        }

        /** The sliced search, or null for a grid. */
        SlicedSearch search() {
            return null;
        }

        /** Begins a search and runs one iteration, so a failed restore has something to undo. */
        void prime() {
        }

        @Override
        public abstract void close();
    }

    static final class GridSubject extends Subject {
        final Grid grid;
        private int events;

        GridSubject(Grid grid) {
            this.grid = grid;
            grid.addChangeListener((g, x, y) -> events++);
        }

        @Override
        byte[] save() {
            return grid.saveState();
        }

        @Override
        void restore(byte[] state) {
            grid.restoreState(state);
        }

        @Override
        void restore(MemorySegment state) {
            grid.restoreState(state);
        }

        @Override
        byte[] fromStateThenSave(byte[] state) {
            try (Grid made = Grid.fromState(state)) {
                return made.saveState();
            }
        }

        @Override
        int events() {
            return events;
        }

        @Override
        void resetEvents() {
            events = 0;
        }

        @Override
        public void close() {
            grid.close();
        }
    }

    static final class VoxelSubject extends Subject {
        final VoxelGrid voxels;
        private int events;

        VoxelSubject(VoxelGrid voxels) {
            this.voxels = voxels;
            voxels.addChangeListener((g, x, y, z) -> events++);
        }

        @Override
        byte[] save() {
            return voxels.saveState();
        }

        @Override
        void restore(byte[] state) {
            voxels.restoreState(state);
        }

        @Override
        void restore(MemorySegment state) {
            voxels.restoreState(state);
        }

        @Override
        byte[] fromStateThenSave(byte[] state) {
            try (VoxelGrid made = VoxelGrid.fromState(state)) {
                return made.saveState();
            }
        }

        @Override
        int events() {
            return events;
        }

        @Override
        void resetEvents() {
            events = 0;
        }

        @Override
        public void close() {
            voxels.close();
        }
    }

    static final class AStarSubject extends Subject {
        final Grid grid = astarGrid();
        final GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
        final AStar<SquareTopology, DefaultStepCost, OctileHeuristic> astar;

        AStarSubject(double weight) {
            buffers.recordExpansions(true);
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            astar = new AStar<>(topology, DefaultStepCost.INSTANCE, new OctileHeuristic(grid.width(), grid.areas().minCost()),
                    buffers, weight);
        }

        int astarStart() {
            return grid.indexOf(0, 0);
        }

        int astarGoal() {
            return grid.indexOf(9, 7);
        }

        @Override
        byte[] save() {
            return astar.saveState();
        }

        @Override
        void restore(byte[] state) {
            astar.restoreState(state);
        }

        @Override
        void restore(MemorySegment state) {
            astar.restoreState(state);
        }

        @Override
        SlicedSearch search() {
            return astar;
        }

        @Override
        void prime() {
            astar.begin(astarStart(), astarGoal());
            astar.step(1);
            if (astar.status() != SearchStatus.RUNNING) {
                throw new AssertionError("primed A* is not running");
            }
        }

        @Override
        public void close() {
            buffers.close();
            grid.close();
        }
    }

    static final class JumpSubject extends Subject {
        final Grid grid = jpsGrid();
        final BlockMap map = new BlockMap(grid);
        final GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
        final JumpSearch<BlockJumper, OctileHeuristic> jps;

        JumpSubject() {
            buffers.recordExpansions(true);
            jps = new JumpSearch<>(grid, new BlockJumper(map), new OctileHeuristic(grid.width(), 1.0), 1.0, buffers);
        }

        @Override
        byte[] save() {
            return jps.saveState();
        }

        @Override
        void restore(byte[] state) {
            jps.restoreState(state);
        }

        @Override
        void restore(MemorySegment state) {
            jps.restoreState(state);
        }

        @Override
        SlicedSearch search() {
            return jps;
        }

        @Override
        void prime() {
            jps.begin(0, grid.cellCount() - 1);
            jps.step(1);
            if (jps.status() != SearchStatus.RUNNING) {
                throw new AssertionError("primed jump point search is not running");
            }
        }

        @Override
        public void close() {
            buffers.close();
            map.close();
            grid.close();
        }
    }
}
