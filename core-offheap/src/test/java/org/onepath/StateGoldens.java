package org.onepath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.HexLayout;
import org.onepath.cells.PathStatus;
import org.onepath.graphs.GraphAStar;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.theta.ThetaSearch;
import org.onepath.grids.theta.ThetaVariant;
import org.onepath.state.GraphStateException;
import org.onepath.state.GridStateException;
import org.onepath.state.OnePathFormatException;
import org.onepath.state.Snapshottable;

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
    /**
     * Kind 2: a 6 x 5 flat-even-column hex picture with walls and areas 1-3, costs changed, a world
     * space, two cell edits and one rectangle edit.
     */
    HEX_GRID("hexgrid-kind2"),
    /** Kind 8: A* over the 10 x 8 search grid after 12 iterations, expansions recorded. */
    ASTAR_RUNNING("astar-kind8-running"),
    /** Kind 8: A* (weight 1.5) never begun: no search-buffers piece. */
    ASTAR_NOT_STARTED("astar-kind8-not-started"),
    /** Kind 8: the A* of {@link #ASTAR_RUNNING} run to the end. */
    ASTAR_FOUND("astar-kind8-found"),
    /** Kind 9: jump point search over the 12 x 9 uniform grid after 4 iterations, expansions recorded. */
    JPS_RUNNING("jps-kind9-running"),
    /** Kind 10: Theta* over the any-angle picture after {@link #THETA_STEPS} iterations, expansions recorded. */
    THETA_RUNNING("theta-kind10-running"),
    /**
     * Kind 10: Lazy Theta* with re-queue over the same picture after {@link #THETA_REQUEUE_STEPS}
     * iterations, some of which re-queued a repaired node (fewer expansions than iterations).
     */
    THETA_REQUEUE_RUNNING("theta-kind10-requeue-running"),
    /** Kind 12 mode 0: a GridSearch handle (default options) over the 10 x 7 search picture, never begun. */
    SEARCH_NOT_BEGUN("search-kind12-mode0"),
    /** Kind 12 mode 1: the specialised A* (default options) after {@link #SEARCH_ASTAR_STEPS} iterations. */
    SEARCH_ASTAR_RUNNING("search-kind12-mode1-running"),
    /** Kind 12 mode 1: the search of {@link #SEARCH_ASTAR_RUNNING} run to the end. */
    SEARCH_ASTAR_FOUND("search-kind12-mode1-found"),
    /** Kind 12 mode 2: the generic A* core (specialised engines off), mid-run; embeds a kind 8 state. */
    SEARCH_GENERIC_ASTAR("search-kind12-mode2-astar"),
    /** Kind 12 mode 2: the generic jump point search core (specialised engines off), mid-run; embeds kind 9. */
    SEARCH_GENERIC_JPS("search-kind12-mode2-jps"),
    /** Kind 12 mode 3, finder 0: the specialised jump point search with block scans, mid-run, stack not empty. */
    SEARCH_JPS_BLOCKS("search-kind12-mode3-blocks"),
    /** Kind 12 mode 3, finder 1: the specialised jump point search with JPS+ tables, mid-run, stack empty. */
    SEARCH_JPS_PLUS("search-kind12-mode3-tables"),
    /**
     * Kind 7: a flow field over the 10 x 7 flow picture (goals (1, 1), (8, 5) and (1, 1) again),
     * repairing a wall edit after {@link #FLOW_BUDGET} iterations, with a second edit pending.
     */
    FLOW_FIELD("flowfield-kind7"),
    /**
     * Kind 4: a graph of 7 nodes with directed and undirected edges, a parallel edge, a self loop,
     * a zero weight, one edge reweighted and one removed.
     */
    GRAPH("graph-kind4"),
    /** Kind 11: graph A* over the golden graph with two fixed landmarks, after 3 iterations, expansions recorded. */
    GRAPH_ASTAR_RUNNING("graph-astar-kind11-running"),
    /**
     * Kind 5: a D* Lite GridReplanner over the 8 x 6 replan picture, planned, its start moved one
     * step along the path (km &gt; 0), a wall repaired for {@link #REPLAN_BUDGET} iterations, then
     * one more edit pending.
     */
    GRID_REPLANNER("replanner-kind5"),
    /**
     * Kind 6: an LPA* HexReplanner over an 8 x 7 hex grid with areas and a wall, planned, a wall repaired for
     * {@link #REPLAN_BUDGET} iterations, then one more edit pending (an entry with neighbours).
     */
    HEX_REPLANNER("replanner-kind6");

    /** Set to true to (re)write the golden files; the test then fails and asks for a review. */
    static final String WRITE_PROPERTY = "onepath.golden.write";

    /** The uniform-cost picture of the kind 12 goldens; searches go from (0, 0) to (9, 6). */
    static final String SEARCH_PICTURE = """
            ..........
            .###..#...
            ...#..#.#.
            .#.#....#.
            .#...####.
            .#.#......
            ...#..#...
            """;

    static final int SEARCH_START_X = 0;
    static final int SEARCH_START_Y = 0;
    static final int SEARCH_GOAL_X = 9;
    static final int SEARCH_GOAL_Y = 6;

    /** Kind 12 mode 1 running golden: iterations before the save. */
    static final int SEARCH_ASTAR_STEPS = 10;
    /** Kind 12 mode 2 goldens: iterations before the save (A*, jump point search). */
    static final int SEARCH_GENERIC_ASTAR_STEPS = 8;

    static final int SEARCH_GENERIC_JPS_STEPS = 3;
    /** Kind 12 mode 3 goldens: iterations before the save (block scans, JPS+ tables). */
    static final int SEARCH_JPS_BLOCKS_STEPS = 5;

    static final int SEARCH_JPS_PLUS_STEPS = 6;

    static final GridOptions GENERIC_ASTAR_OPTIONS =
            GridOptions.builder().specializedEngines(false).build();
    static final GridOptions GENERIC_JPS_OPTIONS = GridOptions.builder()
            .algorithm(GridAlgorithm.JPS)
            .specializedEngines(false)
            .build();
    static final GridOptions JPS_OPTIONS =
            GridOptions.builder().algorithm(GridAlgorithm.JPS).build();
    static final GridOptions JPS_PLUS_OPTIONS =
            GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();

    static final String GRID_PICTURE = """
            ..1.#..
            .##2..3
            ..#..#.
            3..1...
            ..#.2#.
            """;

    /** The picture of the kind 2 golden (its offset array, row by row). */
    static final String HEX_PICTURE = """
            ..1.#.
            .#2..3
            ..#...
            3...1.
            .#..2#
            """;

    static final HexLayout HEX_LAYOUT = HexLayout.FLAT_EVEN_COLUMN;

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

    /** The picture of the kind 10 goldens (every cell costs 1.5); searches go from (0, 6) to (10, 0). */
    static final String THETA_PICTURE = """
            ...........
            ..###......
            ....#..#...
            .......#...
            ..#........
            ..#..####..
            ...........
            """;

    static final double THETA_CELL_COST = 1.5;
    /** Kind 10 goldens: iterations before the save (Theta*, Lazy Theta* with re-queue). */
    static final int THETA_STEPS = 7;

    static final int THETA_REQUEUE_STEPS = 9;

    /** The kind 7 golden's grid: walls and areas 1-3 (multipliers 1.5, 3, 0.5). */
    static final String FLOW_PICTURE = """
            ..........
            .1..##....
            .1..#..2..
            ....#..2..
            .##...###.
            ....3.....
            ..........
            """;
    /** Kind 7 golden: the iteration budget of its field (constructor and each refresh). */
    static final int FLOW_BUDGET = 6;

    static final GridOptions FLOW_OPTIONS = GridOptions.builder()
            .diagonalRule(DiagonalRule.NO_SQUEEZING)
            .iterationBudget(FLOW_BUDGET)
            .build();
    static final java.util.List<Cell> FLOW_GOALS = java.util.List.of(new Cell(1, 1), new Cell(8, 5), new Cell(1, 1));

    /** Kinds 5 and 6: the square replanner's picture, its options and the budget of the interrupted repair. */
    static final String REPLAN_PICTURE = """
            ..1.....
            .##2..#.
            ...#.1..
            .2...##.
            ....3...
            #.......
            """;

    static final GridOptions REPLAN_OPTIONS =
            GridOptions.builder().algorithm(GridAlgorithm.D_STAR_LITE).build();
    static final int REPLAN_BUDGET = 3;

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
        return this != GRID
                && this != VOXEL
                && this != HEX_GRID
                && this != FLOW_FIELD
                && this != GRAPH
                && this != GRID_REPLANNER
                && this != HEX_REPLANNER;
    }

    /** The state kind of the golden file. */
    int kind() {
        return switch (this) {
            case GRID -> 1;
            case VOXEL -> 3;
            case HEX_GRID -> 2;
            case FLOW_FIELD -> 7;
            case ASTAR_RUNNING, ASTAR_NOT_STARTED, ASTAR_FOUND -> 8;
            case JPS_RUNNING -> 9;
            case THETA_RUNNING, THETA_REQUEUE_RUNNING -> 10;
            case SEARCH_NOT_BEGUN,
                    SEARCH_ASTAR_RUNNING,
                    SEARCH_ASTAR_FOUND,
                    SEARCH_GENERIC_ASTAR,
                    SEARCH_GENERIC_JPS,
                    SEARCH_JPS_BLOCKS,
                    SEARCH_JPS_PLUS -> 12;
            case GRAPH -> 4;
            case GRAPH_ASTAR_RUNNING -> 11;
            case GRID_REPLANNER -> 5;
            case HEX_REPLANNER -> 6;
        };
    }

    /** For a kind 10 golden: the variant of its search. */
    ThetaVariant thetaVariant() {
        return this == THETA_REQUEUE_RUNNING ? ThetaVariant.LAZY_REQUEUE : ThetaVariant.THETA;
    }

    /** For a kind 12 golden: the options of its GridSearch handle; null for the other kinds. */
    GridOptions gridSearchOptions() {
        return switch (this) {
            case SEARCH_NOT_BEGUN, SEARCH_ASTAR_RUNNING, SEARCH_ASTAR_FOUND -> GridOptions.DEFAULT;
            case SEARCH_GENERIC_ASTAR -> GENERIC_ASTAR_OPTIONS;
            case SEARCH_GENERIC_JPS -> GENERIC_JPS_OPTIONS;
            case SEARCH_JPS_BLOCKS -> JPS_OPTIONS;
            case SEARCH_JPS_PLUS -> JPS_PLUS_OPTIONS;
            default -> null;
        };
    }

    /** For a kind 12 golden: the mode byte its handle saves (0..3); -1 for the other kinds. */
    int gridSearchMode() {
        return switch (this) {
            case SEARCH_NOT_BEGUN -> 0;
            case SEARCH_ASTAR_RUNNING, SEARCH_ASTAR_FOUND -> 1;
            case SEARCH_GENERIC_ASTAR, SEARCH_GENERIC_JPS -> 2;
            case SEARCH_JPS_BLOCKS, SEARCH_JPS_PLUS -> 3;
            default -> -1;
        };
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
            throw new AssertionError("golden file " + bin.toAbsolutePath()
                    + " is missing. Golden files are made once: run" + " the golden test with -D" + WRITE_PROPERTY
                    + "=true, review the .hex.txt dumps and commit them.");
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
            case HEX_GRID -> new HexGridSubject(goldenHexGrid());
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
            case THETA_RUNNING, THETA_REQUEUE_RUNNING -> {
                ThetaSubject s = new ThetaSubject(thetaVariant());
                s.theta.begin(s.thetaStart(), s.thetaGoal());
                s.theta.step(this == THETA_RUNNING ? THETA_STEPS : THETA_REQUEUE_STEPS);
                yield s;
            }
            case SEARCH_NOT_BEGUN -> new GridSearchSubject(gridSearchOptions());
            case SEARCH_ASTAR_RUNNING -> GridSearchSubject.begunAndStepped(gridSearchOptions(), SEARCH_ASTAR_STEPS);
            case SEARCH_ASTAR_FOUND -> GridSearchSubject.begunAndStepped(gridSearchOptions(), Integer.MAX_VALUE);
            case SEARCH_GENERIC_ASTAR ->
                GridSearchSubject.begunAndStepped(gridSearchOptions(), SEARCH_GENERIC_ASTAR_STEPS);
            case SEARCH_GENERIC_JPS -> GridSearchSubject.begunAndStepped(gridSearchOptions(), SEARCH_GENERIC_JPS_STEPS);
            case SEARCH_JPS_BLOCKS -> GridSearchSubject.begunAndStepped(gridSearchOptions(), SEARCH_JPS_BLOCKS_STEPS);
            case SEARCH_JPS_PLUS -> GridSearchSubject.begunAndStepped(gridSearchOptions(), SEARCH_JPS_PLUS_STEPS);
            case FLOW_FIELD -> FlowFieldSubject.golden();
            case GRAPH -> new GraphSubject(goldenGraph());
            case GRAPH_ASTAR_RUNNING -> {
                GraphAStarSubject s = new GraphAStarSubject();
                s.astar.begin(GRAPH_START, GRAPH_GOAL);
                s.astar.step(GRAPH_ASTAR_STEPS);
                yield s;
            }
            case GRID_REPLANNER -> ReplannerSubject.squareGolden();
            case HEX_REPLANNER -> ReplannerSubject.hexGolden();
        };
    }

    /** An object built the same way, to restore the golden state into. */
    Subject fresh() {
        return switch (this) {
            case GRID -> new GridSubject(Grid.create(7, 5));
            case VOXEL -> new VoxelSubject(VoxelGrid.create(20, 17, 33));
            case HEX_GRID -> new HexGridSubject(HexGrid.create(6, 5, HEX_LAYOUT));
            case ASTAR_RUNNING, ASTAR_FOUND -> new AStarSubject(1.0);
            case ASTAR_NOT_STARTED -> new AStarSubject(NOT_STARTED_WEIGHT);
            case JPS_RUNNING -> new JumpSubject();
            case THETA_RUNNING, THETA_REQUEUE_RUNNING -> new ThetaSubject(thetaVariant());
            case SEARCH_NOT_BEGUN,
                    SEARCH_ASTAR_RUNNING,
                    SEARCH_ASTAR_FOUND,
                    SEARCH_GENERIC_ASTAR,
                    SEARCH_GENERIC_JPS,
                    SEARCH_JPS_BLOCKS,
                    SEARCH_JPS_PLUS -> new GridSearchSubject(gridSearchOptions());
            case FLOW_FIELD -> FlowFieldSubject.fresh();
            case GRAPH -> new GraphSubject(new Graph(GRAPH_NODES));
            case GRAPH_ASTAR_RUNNING -> new GraphAStarSubject();
            case GRID_REPLANNER -> ReplannerSubject.squareFresh();
            case HEX_REPLANNER -> ReplannerSubject.hexFresh();
        };
    }

    /** Nodes of the kind 4 and 11 goldens. */
    static final int GRAPH_NODES = 7;
    /** The kind 11 golden runs from node 0 to node 6, with landmarks at nodes 6 and 3. */
    static final int GRAPH_START = 0;

    static final int GRAPH_GOAL = 6;
    static final int[] GRAPH_LANDMARKS = {6, 3};
    static final int GRAPH_ASTAR_STEPS = 3;

    /**
     * 0 - 1 - 2 - 6 and 0 - 3 - 4 - 5 - 6 undirected, plus 1 -> 4 (later removed), 2 -> 2, a
     * second 3 -> 4 and 4 -> 1 of weight 0; edge 3 (2 -> 1) reweighted.
     */
    static Graph goldenGraph() {
        Graph g = new Graph(GRAPH_NODES);
        g.addUndirectedEdge(0, 1, 2.5); // 0, 1
        g.addUndirectedEdge(1, 2, 1.0); // 2, 3
        g.addUndirectedEdge(2, 6, 4.0); // 4, 5
        g.addUndirectedEdge(0, 3, 1.5); // 6, 7
        g.addUndirectedEdge(3, 4, 2.0); // 8, 9
        g.addUndirectedEdge(4, 5, 0.75); // 10, 11
        g.addUndirectedEdge(5, 6, 3.25); // 12, 13
        g.addEdge(1, 4, 0.5); // 14
        g.addEdge(2, 2, 1.0); // 15
        g.addEdge(3, 4, 1.75); // 16
        g.addEdge(4, 1, 0.0); // 17
        g.setWeight(3, 1.125);
        g.removeEdge(14);
        return g;
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
        voxels.setWalkable(1, 2, 3, false); // chunk (0, 0, 0)
        voxels.setArea(5, 5, 5, 7); // chunk (0, 0, 0)
        voxels.setArea(17, 0, 20, 7); // chunk (1, 0, 1)
        voxels.setWalkable(19, 16, 32, false); // chunk (1, 1, 2), the far corner
        voxels.setArea(16, 16, 32, 200); // chunk (1, 1, 2)
        return voxels;
    }

    static HexGrid goldenHexGrid() {
        HexGrid grid = HexGrid.fromText(HEX_PICTURE, HEX_LAYOUT);
        grid.areas().set(1, 1.5);
        grid.areas().set(3, 0.25);
        grid.space(new HexSpace(2.5, -7.25, 1.5));
        grid.setArea(5, 0, 2); // version 1
        grid.setWalkable(0, 4, false); // version 2
        grid.setRect(3, 2, 2, 2, new byte[] {3, 3, 0, 1}); // one edit: version 3
        return grid;
    }

    /** The kind 7 golden's grid before its edits. */
    static Grid flowGrid() {
        Grid grid = Grid.fromText(FLOW_PICTURE);
        grid.areas().set(1, 1.5);
        grid.areas().set(2, 3.0);
        grid.areas().set(3, 0.5);
        return grid;
    }

    /** The wall whose repair the kind 7 golden is saved in. */
    static void flowFirstEdit(Grid grid) {
        grid.setWalkable(7, 5, false);
    }

    /** The edit still pending in the kind 7 golden. */
    static void flowSecondEdit(Grid grid) {
        grid.setArea(2, 6, 3);
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

    /** The grid of the kind 10 goldens: one cost, 1.5, for every area. */
    static Grid thetaGrid() {
        Grid grid = Grid.fromText(THETA_PICTURE);
        for (int a = 0; a < 255; a++) {
            grid.areas().set(a, THETA_CELL_COST);
        }
        return grid;
    }

    /** The grid of the kind 12 goldens: uniform cost, so every engine (and jump point search) qualifies. */
    static Grid searchGrid() {
        return Grid.fromText(SEARCH_PICTURE);
    }

    // ---- subjects: one restore target with uniform access ----

    /** An object whose state can be saved and restored. */
    abstract static class Subject implements AutoCloseable {
        /** The object saved and restored. */
        abstract Snapshottable target();

        byte[] save() {
            return target().saveState();
        }

        void restore(byte[] state) {
            target().restoreState(state);
        }

        void restore(MemorySegment state) {
            target().restoreState(state);
        }

        /** fromState, then saveState of the new object (closed again); null when the kind has no fromState. */
        byte[] fromStateThenSave(byte[] state) {
            return null;
        }

        /** The exception a restore of bad bytes throws: GridStateException, GraphStateException for graphs. */
        Class<? extends OnePathFormatException> formatException() {
            return GridStateException.class;
        }

        /** Change-listener calls since the last {@link #resetEvents()} (grids only). */
        int events() {
            return 0;
        }

        void resetEvents() {}

        /** The sliced search, or null for a grid (and for a GridSearch handle: see {@link #searchView()}). */
        SlicedSearch search() {
            return null;
        }

        /** The search as the hostile-bytes checks see it, or null for a grid. */
        SearchView searchView() {
            SlicedSearch s = search();
            return s == null ? null : new SlicedView(s);
        }

        /** Begins a search and runs one iteration, so a failed restore has something to undo. */
        void prime() {}

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
        Snapshottable target() {
            return grid;
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
        Snapshottable target() {
            return voxels;
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

    static final class HexGridSubject extends Subject {
        final HexGrid grid;
        private int events;

        HexGridSubject(HexGrid grid) {
            this.grid = grid;
            grid.addChangeListener((g, col, row) -> events++);
        }

        @Override
        Snapshottable target() {
            return grid;
        }

        @Override
        byte[] fromStateThenSave(byte[] state) {
            try (HexGrid made = HexGrid.fromState(state)) {
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

    static final class AStarSubject extends Subject {
        final Grid grid = astarGrid();
        final GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
        final AStar<SquareTopology, DefaultStepCost, OctileHeuristic> astar;

        AStarSubject(double weight) {
            buffers.recordExpansions(true);
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            astar = new AStar<>(
                    topology,
                    DefaultStepCost.INSTANCE,
                    new OctileHeuristic(grid.width(), grid.areas().minCost()),
                    buffers,
                    weight);
        }

        int astarStart() {
            return grid.indexOf(0, 0);
        }

        int astarGoal() {
            return grid.indexOf(9, 7);
        }

        @Override
        Snapshottable target() {
            return astar;
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
        Snapshottable target() {
            return jps;
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

    static final class GraphSubject extends Subject {
        final Graph graph;
        private int events;

        GraphSubject(Graph graph) {
            this.graph = graph;
            graph.addChangeListener((g, edge) -> events++);
        }

        @Override
        Snapshottable target() {
            return graph;
        }

        @Override
        byte[] fromStateThenSave(byte[] state) {
            try (Graph made = Graph.fromState(state)) {
                return made.saveState();
            }
        }

        @Override
        Class<? extends OnePathFormatException> formatException() {
            return GraphStateException.class;
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
            graph.close();
        }
    }

    /** GraphAStar over the golden graph with landmarks at {@link #GRAPH_LANDMARKS}, weight 1. */
    static final class GraphAStarSubject extends Subject {
        final Graph graph = goldenGraph();
        final Landmarks landmarks = Landmarks.of(graph.compile(), GRAPH_LANDMARKS);
        final GridSearchBuffers buffers = new GridSearchBuffers(GRAPH_NODES);
        final GraphAStar<Heuristic> astar;

        GraphAStarSubject() {
            buffers.recordExpansions(true);
            astar = new GraphAStar<>(graph.compile(), landmarks.heuristic(), buffers);
        }

        @Override
        Snapshottable target() {
            return astar;
        }

        @Override
        Class<? extends OnePathFormatException> formatException() {
            return GraphStateException.class;
        }

        @Override
        SlicedSearch search() {
            return astar;
        }

        @Override
        void prime() {
            astar.begin(GRAPH_START, GRAPH_GOAL);
            astar.step(1);
            if (astar.status() != SearchStatus.RUNNING) {
                throw new AssertionError("primed graph A* is not running");
            }
        }

        @Override
        public void close() {
            buffers.close();
            landmarks.close();
            graph.close();
        }
    }

    static final class ThetaSubject extends Subject {
        final Grid grid = thetaGrid();
        final GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
        final ThetaSearch<EuclideanHeuristic> theta;

        ThetaSubject(ThetaVariant variant) {
            buffers.recordExpansions(true);
            theta = new ThetaSearch<>(
                    grid, variant, new EuclideanHeuristic(grid.width(), THETA_CELL_COST), THETA_CELL_COST, buffers);
        }

        int thetaStart() {
            return grid.indexOf(0, 6);
        }

        int thetaGoal() {
            return grid.indexOf(10, 0);
        }

        @Override
        Snapshottable target() {
            return theta;
        }

        @Override
        SlicedSearch search() {
            return theta;
        }

        @Override
        void prime() {
            theta.begin(thetaStart(), thetaGoal());
            theta.step(1);
            if (theta.status() != SearchStatus.RUNNING) {
                throw new AssertionError("primed Theta* is not running");
            }
        }

        @Override
        public void close() {
            buffers.close();
            grid.close();
        }
    }

    /**
     * A {@link GridFlowField} over {@link #flowGrid()}: the restore target is a new grid with the
     * same edits and a new field with the same goals and options.
     */
    static final class FlowFieldSubject extends Subject {
        final Grid grid;
        final GridFlowField field;

        private FlowFieldSubject(Grid grid) {
            this.grid = grid;
            this.field = grid.createFlowField(FLOW_GOALS, FLOW_OPTIONS);
        }

        /** Computed in full, then a wall repaired for {@link #FLOW_BUDGET} iterations, then one more edit. */
        static FlowFieldSubject golden() {
            FlowFieldSubject s = new FlowFieldSubject(flowGrid());
            s.field.run();
            flowFirstEdit(s.grid);
            if (s.field.refresh()) {
                throw new AssertionError("the golden repair should outlast its budget");
            }
            flowSecondEdit(s.grid);
            return s;
        }

        /** The edited grid and a field created on it (running: its budget is small). */
        static FlowFieldSubject fresh() {
            Grid grid = flowGrid();
            flowFirstEdit(grid);
            flowSecondEdit(grid);
            return new FlowFieldSubject(grid);
        }

        @Override
        Snapshottable target() {
            return field;
        }

        @Override
        SearchView searchView() {
            return new FlowView(field);
        }

        @Override
        void prime() {
            if (field.recompute()
                    || !field.step(1) && field.flowField().status() != org.onepath.grids.flow.FlowStatus.RUNNING) {
                throw new AssertionError("primed flow field is not running");
            }
        }

        @Override
        public void close() {
            field.close();
            grid.close();
        }
    }

    /** A flow field as the hostile-bytes checks see it: runs to the end, then follows every cell's path. */
    record FlowView(GridFlowField field) implements SearchView {
        @Override
        public boolean notBegun() {
            return field.flowField().status() == org.onepath.grids.flow.FlowStatus.NOT_STARTED;
        }

        @Override
        public boolean running() {
            return field.flowField().status() == org.onepath.grids.flow.FlowStatus.RUNNING;
        }

        @Override
        public String status() {
            return field.flowField().status().toString();
        }

        @Override
        public void step() {
            field.step(1);
        }

        @Override
        public int[] finish() {
            for (int calls = 0; !field.step(7); calls++) {
                if (calls > 100_000) {
                    throw new AssertionError("the flow field did not complete");
                }
            }
            org.onepath.grids.flow.FlowField<?, ?> f = field.flowField();
            for (int node = 0; node < f.nodeCount(); node++) {
                try {
                    f.pathLength(node);
                } catch (IllegalStateException inconsistent) {
                    // a restored field's costs are trusted, not proven: a cycle or a dead end is reported so
                }
            }
            return null;
        }
    }

    /**
     * A {@link GridReplanner} or {@link HexReplanner}. Like a grid, a replanner is unchanged by a
     * failed restore, so it has no search view: the hostile-bytes checks compare its saved bytes.
     */
    static final class ReplannerSubject extends Subject {
        final Grid grid;
        final HexGrid hex;
        final GridReplanner square;
        final HexReplanner hexReplanner;

        private ReplannerSubject(Grid grid, HexGrid hex) {
            this.grid = grid;
            this.hex = hex;
            this.square = grid == null ? null : grid.createReplanner(new Cell(0, 0), new Cell(7, 5), REPLAN_OPTIONS);
            this.hexReplanner = hex == null
                    ? null
                    : hex.createReplanner(new Cell(0, 0), new Cell(7, 6), GridAlgorithm.LPA_STAR, HexOptions.DEFAULT);
        }

        static Grid replanGrid() {
            Grid grid = Grid.fromText(REPLAN_PICTURE);
            grid.areas().set(1, 1.5);
            grid.areas().set(2, 3.0);
            grid.areas().set(3, 0.5);
            return grid;
        }

        static HexGrid replanHex() {
            HexGrid hex = HexGrid.create(8, 7, HEX_LAYOUT);
            hex.setArea(1, 1, 1);
            hex.setArea(3, 0, 2);
            hex.setWalkable(2, 3, false);
            hex.areas().set(1, 2.0);
            hex.areas().set(2, 0.5);
            return hex;
        }

        static ReplannerSubject squareGolden() {
            ReplannerSubject s = new ReplannerSubject(replanGrid(), null);
            GridPath p = s.square.replan();
            s.square.moveStart(p.cells().get(1));
            s.grid.setWalkable(2, 3, false);
            if (s.square.replan(REPLAN_BUDGET).status() != PathStatus.BUDGET_EXHAUSTED) {
                throw new AssertionError("the golden repair should outlast its budget");
            }
            s.grid.setArea(6, 4, 2);
            return s;
        }

        static ReplannerSubject squareFresh() {
            Grid grid = replanGrid();
            grid.setWalkable(2, 3, false);
            grid.setArea(6, 4, 2);
            return new ReplannerSubject(grid, null);
        }

        static ReplannerSubject hexGolden() {
            ReplannerSubject s = new ReplannerSubject(null, replanHex());
            HexPath p = s.hexReplanner.replan();
            Cell wall = p.cells().get(p.length() / 2);
            s.hex.setWalkable(wall.x(), wall.y(), false);
            if (s.hexReplanner.replan(REPLAN_BUDGET).status() != PathStatus.BUDGET_EXHAUSTED) {
                throw new AssertionError("the golden repair should outlast its budget");
            }
            s.hex.setArea(4, 3, 1);
            return s;
        }

        static ReplannerSubject hexFresh() {
            Cell wall;
            // the same wall as the golden's: the middle of the first path
            try (HexGrid plain = replanHex();
                    HexReplanner r = plain.createReplanner(
                            new Cell(0, 0), new Cell(7, 6), GridAlgorithm.LPA_STAR, HexOptions.DEFAULT)) {
                HexPath p = r.replan();
                wall = p.cells().get(p.length() / 2);
            }
            HexGrid hex = replanHex();
            hex.setWalkable(wall.x(), wall.y(), false);
            hex.setArea(4, 3, 1);
            return new ReplannerSubject(null, hex);
        }

        @Override
        Snapshottable target() {
            return square != null ? square : hexReplanner;
        }

        @Override
        SearchView searchView() {
            return null;
        }

        /** A replanner has no fromState: the format's own read and write stand in for it. */
        @Override
        byte[] fromStateThenSave(byte[] state) {
            org.onepath.state.StateKind kind = square != null
                    ? org.onepath.state.StateKind.GRID_REPLANNER
                    : org.onepath.state.StateKind.HEX_REPLANNER;
            org.onepath.state.GridReplannerStateFormat.State s =
                    org.onepath.state.GridReplannerStateFormat.read(org.onepath.state.StateReader.ofGrid(state), kind);
            byte[] out = new byte[(int) org.onepath.state.GridReplannerStateFormat.length(s)];
            org.onepath.state.GridReplannerStateFormat.write(
                    org.onepath.state.StateWriter.into(MemorySegment.ofArray(out), 0), s);
            return out;
        }

        @Override
        public void close() {
            if (square != null) {
                square.close();
                grid.close();
            } else {
                hexReplanner.close();
                hex.close();
            }
        }
    }

    // ---- searches as the hostile-bytes checks see them ----

    /** A search behind a subject, whatever its API (a tier-2 {@link SlicedSearch} or a {@link GridSearch}). */
    interface SearchView {
        /** Not started (a sliced search) or not begun (a GridSearch: {@link PathStatus#NONE}). */
        boolean notBegun();

        boolean running();

        /** The status, for messages. */
        String status();

        /** One iteration; throws IllegalStateException when the search is not begun. */
        void step();

        /**
         * Runs the search to its end; returns the path when found, null otherwise.
         *
         * @throws AssertionError naming the problem when the search does not end
         */
        int[] finish();
    }

    /** A tier-2 sliced search: runs in slices of 7 iterations, at most 100 000 slices. */
    record SlicedView(SlicedSearch search) implements SearchView {
        @Override
        public boolean notBegun() {
            return search.status() == SearchStatus.NOT_STARTED;
        }

        @Override
        public boolean running() {
            return search.status() == SearchStatus.RUNNING;
        }

        @Override
        public String status() {
            return search.status().toString();
        }

        @Override
        public void step() {
            search.step(1);
        }

        @Override
        public int[] finish() {
            for (int calls = 0; search.status() == SearchStatus.RUNNING; calls++) {
                if (calls > 100_000) {
                    throw new AssertionError("the search did not end");
                }
                search.step(7);
            }
            return search.status() == SearchStatus.FOUND ? search.path() : null;
        }
    }

    /** A GridSearch handle: run to the end in one step(Integer.MAX_VALUE), path by copyPath. */
    record GridSearchView(GridSearch search) implements SearchView {
        @Override
        public boolean notBegun() {
            return search.status() == PathStatus.NONE;
        }

        @Override
        public boolean running() {
            return search.status() == PathStatus.IN_PROGRESS;
        }

        @Override
        public String status() {
            return search.status().toString();
        }

        @Override
        public void step() {
            search.step(1);
        }

        @Override
        public int[] finish() {
            if (search.status() == PathStatus.IN_PROGRESS) {
                search.step(Integer.MAX_VALUE);
            }
            if (search.status() == PathStatus.IN_PROGRESS) {
                throw new AssertionError("step(Integer.MAX_VALUE) returned with the search still in progress");
            }
            if (search.status() != PathStatus.FOUND) {
                return null;
            }
            int[] path = new int[search.pathLength()];
            int length = search.copyPath(path);
            if (length != path.length) {
                throw new AssertionError("copyPath wrote " + length + " cells, pathLength() is " + path.length);
            }
            return path;
        }
    }

    /**
     * A {@link GridSearch} handle over {@link #searchGrid()}: restore targets are a new grid built
     * the same way and a new handle with the same options.
     */
    static final class GridSearchSubject extends Subject {
        final Grid grid = searchGrid();
        final GridSearch search;

        GridSearchSubject(GridOptions options) {
            search = grid.createSearch(options);
        }

        /** Begun from (0, 0) to (9, 6), then stepped {@code steps} iterations. */
        static GridSearchSubject begunAndStepped(GridOptions options, int steps) {
            GridSearchSubject s = new GridSearchSubject(options);
            s.begin();
            s.search.step(steps);
            return s;
        }

        void begin() {
            PathStatus begun = search.tryBegin(SEARCH_START_X, SEARCH_START_Y, SEARCH_GOAL_X, SEARCH_GOAL_Y);
            if (begun != PathStatus.IN_PROGRESS) {
                throw new AssertionError("GridSearch.tryBegin gave " + begun);
            }
        }

        @Override
        Snapshottable target() {
            return search;
        }

        @Override
        SearchView searchView() {
            return new GridSearchView(search);
        }

        @Override
        void prime() {
            begin();
            if (search.step(1) != PathStatus.IN_PROGRESS) {
                throw new AssertionError("primed GridSearch is not in progress");
            }
        }

        @Override
        public void close() {
            search.close();
            grid.close();
        }
    }
}
