package org.onepath.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.onepath.GoalBoundsSummary;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.PathStatus;
import org.onepath.grids.AStar;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.fast.BitFinder;
import org.onepath.grids.fast.OctileJump;
import org.onepath.grids.fast.OctileMap;
import org.onepath.grids.fast.TableFinder;
import org.onepath.grids.flow.FlowField;
import org.onepath.grids.flow.FlowStatus;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.hpa.HpaSearch;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.jps.TableJumper;

/** The algorithms {@code onepath scen} and {@code onepath demo} know, in report order. */
final class Algorithms {
    private static final Map<String, Algorithm> BY_NAME = new LinkedHashMap<>();

    static {
        register(new TierOne("astar", GridAlgorithm.ASTAR));
        register(new Generic(
                "generic-astar",
                "tier-2 AStar<SquareTopology, DefaultStepCost, OctileHeuristic>",
                (grid, resources) -> new AStar<>(
                        grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING),
                        DefaultStepCost.INSTANCE,
                        octile(grid),
                        buffers(grid, resources))));
        register(new TierOne("jps", GridAlgorithm.JPS));
        register(new Generic(
                "generic-jps",
                "tier-2 JumpSearch<BlockJumper, OctileHeuristic> over a BlockMap",
                (grid, resources) -> new JumpSearch<>(
                        grid,
                        new BlockJumper(resources.add(new BlockMap(grid))),
                        octile(grid),
                        grid.areas().get(0),
                        buffers(grid, resources))));
        register(new TierOne("jpsplus", GridAlgorithm.JPS_PLUS));
        register(new Generic(
                "generic-jpsplus",
                "tier-2 JumpSearch<TableJumper, OctileHeuristic> over a JpsPlusIndex",
                (grid, resources) -> new JumpSearch<>(
                        grid,
                        new TableJumper(resources.add(new JpsPlusIndex(grid))),
                        octile(grid),
                        grid.areas().get(0),
                        buffers(grid, resources))));
        register(new Generic(
                "jps-improved",
                "specialised OctileJump with improved pruning, BitFinder over a BlockMap",
                (grid, resources) -> resources.add(new OctileJump<>(
                        grid,
                        new BitFinder(resources.add(new BlockMap(grid)), resources.add(new OctileMap(grid))),
                        true))));
        register(new Generic(
                "jpsplus-improved",
                "specialised OctileJump with improved pruning, TableFinder over a JpsPlusIndex",
                (grid, resources) -> resources.add(new OctileJump<>(
                        grid,
                        new TableFinder(resources.add(new JpsPlusIndex(grid)), resources.add(new OctileMap(grid))),
                        true))));
        register(new Bounded());
        register(new TierOne("theta", GridAlgorithm.THETA_STAR));
        register(new TierOne("lazytheta", GridAlgorithm.LAZY_THETA_STAR));
        register(new Flow());
        register(new Hpa(GridOptions.DEFAULT_HPA_CHUNK_SIZE, true));
        register(new Replan("lpa", GridAlgorithm.LPA_STAR));
        register(new Replan("dstar", GridAlgorithm.D_STAR_LITE));
    }

    private Algorithms() {}

    static List<Algorithm> all() {
        return List.copyOf(BY_NAME.values());
    }

    /** The algorithms {@code onepath demo} runs: all but the whole-map ones. */
    static List<Algorithm> demo() {
        return BY_NAME.values().stream().filter(Algorithm::inDemo).toList();
    }

    /** Names joined by commas, for help and errors. */
    static String names() {
        return String.join(",", BY_NAME.keySet());
    }

    /** The known names in order, for the help of {@code --alg} ({@code ${COMPLETION-CANDIDATES}}). */
    static final class Names implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return BY_NAME.keySet().iterator();
        }
    }

    /**
     * Parses a comma-separated list of names.
     *
     * @throws IllegalArgumentException naming an unknown algorithm and the known ones
     */
    static List<Algorithm> parse(String list) {
        List<Algorithm> out = new ArrayList<>();
        for (String raw : list.split(",")) {
            String name = raw.strip();
            if (name.isEmpty()) {
                continue;
            }
            Algorithm a = BY_NAME.get(name);
            if (a == null) {
                throw new IllegalArgumentException("unknown algorithm '" + name + "'; expected one of " + names());
            }
            if (!out.contains(a)) {
                out.add(a);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no algorithm named in '" + list + "'; expected one of " + names());
        }
        return out;
    }

    /**
     * As {@link #parse(String)}, with the HPA* chunk side and smoothing applied to {@code hpa}.
     *
     * @throws IllegalArgumentException for an unknown name or a chunk side outside 2..256
     */
    static List<Algorithm> parse(String list, int hpaChunk, boolean hpaSmoothing) {
        if (hpaChunk < HpaHierarchy.MIN_CHUNK_SIZE || hpaChunk > HpaHierarchy.MAX_CHUNK_SIZE) {
            throw new IllegalArgumentException("--chunk must be in " + HpaHierarchy.MIN_CHUNK_SIZE + ".."
                    + HpaHierarchy.MAX_CHUNK_SIZE + ", was " + hpaChunk);
        }
        List<Algorithm> out = new ArrayList<>(parse(list));
        out.replaceAll(a -> a instanceof Hpa ? new Hpa(hpaChunk, hpaSmoothing) : a);
        return out;
    }

    private static void register(Algorithm a) {
        BY_NAME.put(a.name(), a);
    }

    private static GridSearchBuffers buffers(Grid grid, Resources resources) {
        return resources.add(new GridSearchBuffers(grid.cellCount()));
    }

    private static OctileHeuristic octile(Grid grid) {
        return new OctileHeuristic(grid.width(), grid.areas().minCost());
    }

    /**
     * The one-line tier-1 call with the default options and one algorithm. Preparing runs one
     * query, so the grid builds what the algorithm keeps (block map, JPS+ tables) outside the
     * timed searches.
     */
    private record TierOne(String name, GridOptions options) implements Algorithm {
        TierOne(String name, GridAlgorithm algorithm) {
            this(name, GridOptions.DEFAULT.toBuilder().algorithm(algorithm).build());
        }

        @Override
        public String description() {
            return "tier-1 grid.findPath with algorithm " + options.algorithm();
        }

        @Override
        public boolean anyAngle() {
            return options.algorithm() == GridAlgorithm.THETA_STAR
                    || options.algorithm() == GridAlgorithm.LAZY_THETA_STAR;
        }

        @Override
        public Solver prepare(Grid grid) {
            Solver solver = new Solver() {
                private long expanded;

                @Override
                public double solve(int sx, int sy, int gx, int gy) {
                    GridPath path = grid.findPath(new Cell(sx, sy), new Cell(gx, gy), options);
                    expanded = path.expandedCount();
                    return path.status() == PathStatus.FOUND ? path.cost() : Double.POSITIVE_INFINITY;
                }

                @Override
                public long lastExpanded() {
                    return expanded;
                }

                @Override
                public void close() {}
            };
            warm(grid, solver);
            return solver;
        }

        /** One query from the first open cell to itself, so the grid builds what it keeps. */
        static void warm(Grid grid, Solver solver) {
            for (int i = 0; i < grid.cellCount(); i++) {
                if (grid.isWalkable(i % grid.width(), i / grid.width())) {
                    solver.solve(i % grid.width(), i / grid.width(), i % grid.width(), i / grid.width());
                    break;
                }
            }
        }
    }

    /**
     * The name of the tier-1 algorithm a query reported, as {@code --alg} spells it.
     *
     * @return the registered name, or the constant's name when none is registered for it
     */
    static String nameOf(GridAlgorithm algorithm) {
        for (Algorithm a : BY_NAME.values()) {
            if (a instanceof TierOne t && t.options().algorithm() == algorithm) {
                return t.name();
            }
            if (a.reported() == algorithm) {
                return a.name();
            }
        }
        return algorithm.name();
    }

    /**
     * Tier-1 {@link GridAlgorithm#JPS_PLUS_BOUNDED}: JPS+ pruned by goal bounds. From a map,
     * preparing bakes the bounds on every processor (timed as preparation, before the queries);
     * from a store it uses the store's and bakes nothing. Each query reports what ran, so a grid
     * without current bounds shows JPS+ in the report instead of passing for the bounded search.
     */
    private static final class Bounded implements Algorithm {
        private static final GridOptions OPTIONS = GridOptions.DEFAULT.toBuilder()
                .algorithm(GridAlgorithm.JPS_PLUS_BOUNDED)
                .build();

        @Override
        public String name() {
            return "jpsplus-bounded";
        }

        @Override
        public String description() {
            return "tier-1 grid.findPath with algorithm JPS_PLUS_BOUNDED (goal bounds baked as preparation, or a store's)";
        }

        @Override
        public boolean inDemo() {
            return false;
        }

        @Override
        public boolean usesGoalBounds() {
            return true;
        }

        @Override
        public GridAlgorithm reported() {
            return GridAlgorithm.JPS_PLUS_BOUNDED;
        }

        @Override
        public Solver prepare(Grid grid) {
            GoalBoundsSummary bounds = grid.goalBounds();
            boolean jpsPlusServes = grid.width() <= JpsPlusIndex.MAX_SIDE && grid.height() <= JpsPlusIndex.MAX_SIDE;
            // A grid too large for the JPS+ table has no jump points to bound: its queries fall
            // back, and the report says what ran.
            if (jpsPlusServes && (bounds == null || !bounds.current())) {
                grid.bakeGoalBounds(Runtime.getRuntime().availableProcessors(), BakeMonitor.NONE);
            }
            return solver(grid);
        }

        @Override
        public Solver prepareStored(Grid grid) {
            return solver(grid);
        }

        private static Solver solver(Grid grid) {
            GoalBoundsSummary bounds = grid.goalBounds();
            long bytes = bounds != null && bounds.current() ? bounds.bytes() : 0;
            Solver solver = new Solver() {
                private long expanded;
                private GridAlgorithm ran;

                @Override
                public double solve(int sx, int sy, int gx, int gy) {
                    GridPath path = grid.findPath(new Cell(sx, sy), new Cell(gx, gy), OPTIONS);
                    expanded = path.expandedCount();
                    ran = path.algorithm();
                    return path.status() == PathStatus.FOUND ? path.cost() : Double.POSITIVE_INFINITY;
                }

                @Override
                public long lastExpanded() {
                    return expanded;
                }

                @Override
                public GridAlgorithm lastAlgorithm() {
                    return ran;
                }

                @Override
                public long preparedBytes() {
                    return bytes;
                }

                @Override
                public void close() {}
            };
            TierOne.warm(grid, solver);
            return solver;
        }
    }

    /** Builds a search for a grid, registering what it allocates in {@code resources}. */
    @FunctionalInterface
    private interface SearchFactory {
        SlicedSearch create(Grid grid, Resources resources);
    }

    /** Native-memory owners of one prepared algorithm, closed together. */
    private static final class Resources implements AutoCloseable {
        private final List<AutoCloseable> owned = new ArrayList<>();

        <T extends AutoCloseable> T add(T resource) {
            owned.add(resource);
            return resource;
        }

        @Override
        public void close() {
            for (int i = owned.size() - 1; i >= 0; i--) {
                try {
                    owned.get(i).close();
                } catch (Exception e) {
                    throw new IllegalStateException("closing " + owned.get(i) + " failed", e);
                }
            }
        }
    }

    /**
     * A whole-map flow field (tier-2 FlowField, eight moves, no corner cutting) to each problem's
     * goal; the answer is the start's cost. One field's memory serves every goal; a problem with
     * the previous problem's goal reads the field already computed. Expanded counts the cells the
     * field settled.
     */
    private static final class Flow implements Algorithm {
        @Override
        public String name() {
            return "flow";
        }

        @Override
        public String description() {
            return "tier-2 FlowField over the whole map to each goal, read at the start";
        }

        @Override
        public boolean inDemo() {
            return false;
        }

        @Override
        public Solver prepare(Grid grid) {
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            FlowField<SquareTopology, DefaultStepCost> field = new FlowField<>(topology, DefaultStepCost.INSTANCE);
            int width = grid.width();
            return new Solver() {
                private int goal = -1;
                private long expanded;

                @Override
                public double solve(int sx, int sy, int gx, int gy) {
                    int g = gy * width + gx;
                    int s = sy * width + sx;
                    expanded = 0;
                    if (!topology.isWalkable(s) || !topology.isWalkable(g)) {
                        return Double.POSITIVE_INFINITY;
                    }
                    if (g != goal || field.status() != FlowStatus.COMPLETE) {
                        field.setGoals(g);
                        field.begin();
                        field.run();
                        goal = g;
                        expanded = field.settled();
                    }
                    return field.cost(s);
                }

                @Override
                public long lastExpanded() {
                    return expanded;
                }

                @Override
                public void close() {
                    field.close();
                }
            };
        }
    }

    /**
     * A replanner (eight moves, no corner cutting) per map, planning each problem from scratch
     * ({@code setGoal} and {@code moveStart} restart it); the answer is the first plan's cost and
     * expanded counts its expansions. Then, as a check, a wall is put on the middle cell of the
     * path and the repaired cost must equal a fresh A* query's (relative 1e-9), and the wall is
     * taken away again and the repaired cost must equal the first plan's; a difference stops the
     * run with an {@link IllegalStateException} naming the problem. Over a read-only grid (a
     * store opened read-only) the check is skipped.
     */
    private record Replan(String name, GridAlgorithm algorithm) implements Algorithm {
        @Override
        public String description() {
            return "tier-1 GridReplanner (" + algorithm + "), planned per problem, then a wall on the path repaired and"
                    + " checked against A*";
        }

        @Override
        public boolean inDemo() {
            return false;
        }

        @Override
        public Solver prepare(Grid grid) {
            GridOptions options =
                    GridOptions.DEFAULT.toBuilder().algorithm(algorithm).build();
            org.onepath.GridReplanner replanner = grid.createReplanner(new Cell(0, 0), new Cell(0, 0), options);
            return new Solver() {
                private long expanded;

                @Override
                public double solve(int sx, int sy, int gx, int gy) {
                    Cell start = new Cell(sx, sy);
                    Cell goal = new Cell(gx, gy);
                    replanner.setGoal(goal);
                    replanner.moveStart(start);
                    replanner.invalidate();
                    GridPath p = replanner.replan();
                    expanded = p.expandedCount();
                    if (!p.found()) {
                        return Double.POSITIVE_INFINITY;
                    }
                    double cost = p.cost();
                    if (p.length() > 2 && !grid.isReadOnly()) {
                        Cell wall = p.cells().get(p.length() / 2);
                        grid.setWalkable(wall.x(), wall.y(), false);
                        try {
                            GridPath repaired = replanner.replan();
                            GridPath fresh = grid.findPath(start, goal);
                            if (repaired.status() != fresh.status()
                                    || (fresh.found() && !near(repaired.cost(), fresh.cost()))) {
                                throw new IllegalStateException(
                                        name + ": " + start + " -> " + goal + " with a wall at " + wall
                                                + ": replanned " + repaired.status() + " " + repaired.cost()
                                                + ", fresh A* " + fresh.status()
                                                + " " + fresh.cost());
                            }
                        } finally {
                            grid.setWalkable(wall.x(), wall.y(), true);
                        }
                        GridPath back = replanner.replan();
                        if (!back.found() || !near(back.cost(), cost)) {
                            throw new IllegalStateException(name + ": " + start + " -> " + goal + " with the wall at "
                                    + wall + " taken away: replanned " + back.status() + " " + back.cost()
                                    + ", first plan " + cost);
                        }
                    }
                    return cost;
                }

                @Override
                public long lastExpanded() {
                    return expanded;
                }

                @Override
                public void close() {
                    replanner.close();
                }
            };
        }

        private static boolean near(double a, double b) {
            return Math.abs(a - b) <= 1e-9 * Math.max(1.0, Math.max(Math.abs(a), Math.abs(b)));
        }
    }

    /**
     * HPA* (tier-2 HpaSearch over an HpaHierarchy, eight moves, no corner cutting, agent size 1):
     * preparing builds the hierarchy, whose native bytes the report shows.
     */
    private record Hpa(int chunk, boolean smoothing) implements Algorithm {
        @Override
        public String name() {
            return "hpa";
        }

        @Override
        public String description() {
            return "tier-2 HpaSearch over an HpaHierarchy (chunk " + chunk + (smoothing ? ", smoothed" : ", unsmoothed")
                    + "; not optimal: a shorter or missing path is a mismatch)";
        }

        @Override
        public boolean suboptimal() {
            return true;
        }

        @Override
        public Solver prepare(Grid grid) {
            HpaHierarchy hierarchy =
                    new HpaHierarchy(grid, chunk, 1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            HpaSearch search = new HpaSearch(hierarchy, smoothing);
            return slicedSolver(grid, search, hierarchy.memoryBytes(), () -> {
                search.close();
                hierarchy.close();
            });
        }
    }

    /**
     * A solver over a tier-2 search: each problem is one tryBegin and one unbounded step.
     *
     * @param preparedBytes the native bytes of what preparing built, for the report
     * @param release       closes the search and what preparing built
     */
    private static Algorithm.Solver slicedSolver(Grid grid, SlicedSearch search, long preparedBytes, Runnable release) {
        int width = grid.width();
        return new Algorithm.Solver() {
            private long expanded;

            @Override
            public double solve(int sx, int sy, int gx, int gy) {
                expanded = 0;
                if (search.tryBegin(sy * width + sx, gy * width + gx) != PathStatus.IN_PROGRESS) {
                    return Double.POSITIVE_INFINITY;
                }
                SearchStatus status = search.step(Integer.MAX_VALUE);
                expanded = search.expandedCount();
                return status == SearchStatus.FOUND ? search.pathCost() : Double.POSITIVE_INFINITY;
            }

            @Override
            public long lastExpanded() {
                return expanded;
            }

            @Override
            public long preparedBytes() {
                return preparedBytes;
            }

            @Override
            public void close() {
                release.run();
            }
        };
    }

    /** A search built by hand; preparing builds its buffers and tables. */
    private record Generic(String name, String description, SearchFactory factory) implements Algorithm {
        @Override
        public Solver prepare(Grid grid) {
            Resources resources = new Resources();
            SlicedSearch search = factory.create(grid, resources);
            return slicedSolver(grid, search, 0, resources::close);
        }
    }
}
