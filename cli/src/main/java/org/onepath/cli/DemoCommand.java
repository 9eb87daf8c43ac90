package org.onepath.cli;

import java.io.PrintWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.HexGrid;
import org.onepath.HexOptions;
import org.onepath.HexPath;
import org.onepath.PathSmoother;
import org.onepath.PathSmoother.SmoothedPath;
import org.onepath.VoxelAlgorithm;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.Cell;
import org.onepath.cells.HexLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code onepath demo}: a seeded rooms-and-corridors map, a batch of queries run with every
 * algorithm of {@link Algorithms#demo()}, a check that all agree on every cost (an any-angle
 * algorithm agrees when it finds a path exactly when A* does and it is not longer), and a table
 * of times and expansions. A last
 * row runs the same queries on a hex grid holding the same cells ({@link #HEX_ROW}): its costs are
 * those of six hex moves, so they are not compared, but it must reach every query the square grid
 * reaches (every four-connected move is a hex move too). Three more rows run voxel queries on a
 * seeded world of pillars and decks ({@link PillarsAndDecks}) with A*, jump point search and the
 * chunk hierarchy ({@link #VOXEL_ROWS}): the first two must agree on every cost, the hierarchy must
 * find exactly the queries A* finds at a cost no lower.
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        header = "Runs every algorithm on a generated map and checks that they agree.",
        description = {
            "Generates a seeded rooms-and-corridors map, runs a batch of queries with every algorithm, "
                    + "checks that all agree on every cost and prints time and expansions per algorithm.",
            "Any-angle algorithms (theta, lazytheta) agree when they find the same queries and are never longer than A*."
        })
final class DemoCommand implements Callable<Integer> {
    /** Name of the hex grid's row. */
    static final String HEX_ROW = "hex-astar";
    /** Names of the voxel rows: A* first, the reference of the comparison; the hierarchy last. */
    static final List<String> VOXEL_ROWS = List.of("voxel-astar", "voxel-jps", "voxel-hpa");
    /** At most this many voxel queries, whatever {@code --queries} says: A* takes milliseconds each. */
    static final int MAX_VOXEL_QUERIES = 50;
    /** Untimed voxel queries before each voxel row's timed pass. */
    static final int VOXEL_WARMUP = 10;

    /** The hex grid's layout. */
    static final HexLayout HEX_LAYOUT = HexLayout.POINTY_ODD_ROW;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--size",
            paramLabel = "N",
            description = "Map side in cells, 32..16384 (default: ${DEFAULT-VALUE}).")
    int size = 1024;

    @Option(
            names = "--queries",
            paramLabel = "N",
            description = "Queries per algorithm, 1..100000 (default: ${DEFAULT-VALUE}).")
    int queries = 200;

    @Option(
            names = "--seed",
            paramLabel = "S",
            description = "Seed of the map and the queries (default: ${DEFAULT-VALUE}).")
    long seed = 1;

    @Option(
            names = "--picture",
            paramLabel = "FILE",
            description =
                    "Where to draw the first query's JPS search, .png or .svg (default: onepath-demo.png in the temporary folder).")
    java.nio.file.Path picture;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    /** One row of the table. */
    record Row(
            String alg, int queries, int found, double microsPerQuery, double meanExpanded, double preprocessMillis) {
        String toJson() {
            return "{\"alg\":" + Json.string(alg) + ",\"queries\":" + queries + ",\"found\":" + found
                    + ",\"microsPerQuery\":" + Json.number(microsPerQuery) + ",\"meanExpanded\":"
                    + Json.number(meanExpanded) + ",\"preprocessMillis\":" + Json.number(preprocessMillis) + "}";
        }
    }

    private final List<Row> rows = new ArrayList<>();
    /** The drawn query's path cells and smoothed waypoints, once drawn. */
    private int[] smoothedSummary;
    /** The drawn query's path cost and smoothed cost, once drawn. */
    private double[] smoothedCosts;

    @Override
    public Integer call() {
        if (size < 32 || size > 16384) {
            throw new IllegalArgumentException("--size must be in 32..16384, was " + size);
        }
        if (queries < 1 || queries > 100_000) {
            throw new IllegalArgumentException("--queries must be in 1..100000, was " + queries);
        }
        PrintWriter table = spec.commandLine().getOut();
        // With --json the table's lines go nowhere and one object is printed at the end.
        PrintWriter out = json ? new PrintWriter(java.io.Writer.nullWriter()) : table;
        long t0 = System.nanoTime();
        try (Grid grid = RoomsAndCorridors.generate(size, seed)) {
            double mapMillis = (System.nanoTime() - t0) / 1e6;
            out.printf(
                    Locale.ROOT,
                    "OnePath demo: %d x %d rooms and corridors (seed %d), %d queries, map built in %.0f ms%n",
                    size,
                    size,
                    seed,
                    queries,
                    mapMillis);
            int[][] pairs = queryPairs(grid, queries, seed);
            List<Algorithm> algs = Algorithms.demo();
            double[][] costs = new double[algs.size()][];
            out.printf(
                    Locale.ROOT,
                    "%-16s %8s %7s %14s %15s %13s%n",
                    "algorithm",
                    "queries",
                    "found",
                    "mean us/query",
                    "mean expanded",
                    "preprocess ms");
            for (int a = 0; a < algs.size(); a++) {
                costs[a] = runAlgorithm(out, algs.get(a), grid, pairs);
            }
            double[] hexCosts = runHex(out, grid, pairs);
            out.println(HEX_ROW + ": the same cells as a hex grid ("
                    + HEX_LAYOUT.name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + "), six moves; its costs differ from the square grid's and are not compared.");
            List<String> disagreements = new ArrayList<>(runVoxels(out));
            out.println(
                    "Times are means over one timed pass after " + Math.min(ScenarioRun.DEFAULT_WARMUP, queries)
                            + " warm-up queries per engine, so they are cold figures: the JIT is still compiling the engines."
                            + " For steady-state times run 'onepath scen --passes 10' on a benchmark set (docs/performance.md).");
            java.nio.file.Path drawn = drawFirstQuery(out, grid, pairs[0]);
            if (smoothedCosts != null && smoothedCosts[1] > smoothedCosts[0]) {
                disagreements.add(
                        "smoothing raised query 0's cost from " + smoothedCosts[0] + " to " + smoothedCosts[1]);
            }
            disagreements.addAll(disagreements(algs, costs, pairs));
            disagreements.addAll(hexReachability(costs[0], hexCosts, pairs));
            if (json) {
                StringBuilder b = new StringBuilder("{\"size\":")
                        .append(size)
                        .append(",\"seed\":")
                        .append(seed)
                        .append(",\"queries\":")
                        .append(queries)
                        .append(",\"warmupQueries\":")
                        .append(Math.min(ScenarioRun.DEFAULT_WARMUP, queries))
                        .append(",\"mapMillis\":")
                        .append(Json.number(mapMillis))
                        .append(",\"results\":[");
                for (int i = 0; i < rows.size(); i++) {
                    b.append(i == 0 ? "" : ",").append(rows.get(i).toJson());
                }
                b.append("],\"picture\":")
                        .append(Json.string(drawn.toAbsolutePath().toString()));
                if (smoothedSummary != null) {
                    b.append(",\"smoothed\":{\"cells\":")
                            .append(smoothedSummary[0])
                            .append(",\"waypoints\":")
                            .append(smoothedSummary[1])
                            .append(",\"cost\":")
                            .append(Json.number(smoothedCosts[0]))
                            .append(",\"smoothedCost\":")
                            .append(Json.number(smoothedCosts[1]))
                            .append('}');
                }
                b.append(",\"agree\":")
                        .append(disagreements.isEmpty())
                        .append(",\"disagreementCount\":")
                        .append(disagreements.size())
                        .append(",\"disagreements\":[");
                for (int i = 0; i < Math.min(20, disagreements.size()); i++) {
                    b.append(i == 0 ? "" : ",").append(Json.string(disagreements.get(i)));
                }
                table.println(b.append("]}"));
                table.flush();
                return disagreements.isEmpty() ? 0 : OnePathCli.FAILED;
            }
            if (disagreements.isEmpty()) {
                out.println("All " + algs.size() + " algorithms agree on every cost.");
                return 0;
            }
            disagreements.stream().limit(20).forEach(out::println);
            out.println(disagreements.size() + " disagreement(s).");
            return OnePathCli.FAILED;
        }
    }

    private double[] runAlgorithm(PrintWriter out, Algorithm alg, Grid grid, int[][] pairs) {
        double[] costs = new double[pairs.length];
        long p0 = System.nanoTime();
        try (Algorithm.Solver solver = alg.prepare(grid)) {
            double preprocessMs = (System.nanoTime() - p0) / 1e6;
            for (int i = 0; i < Math.min(ScenarioRun.DEFAULT_WARMUP, pairs.length); i++) {
                solver.solve(pairs[i][0], pairs[i][1], pairs[i][2], pairs[i][3]);
            }
            long expanded = 0;
            int found = 0;
            long s0 = System.nanoTime();
            for (int i = 0; i < pairs.length; i++) {
                costs[i] = solver.solve(pairs[i][0], pairs[i][1], pairs[i][2], pairs[i][3]);
                expanded += solver.lastExpanded();
                if (costs[i] != Double.POSITIVE_INFINITY) {
                    found++;
                }
            }
            double meanUs = (System.nanoTime() - s0) / 1e3 / pairs.length;
            addRow(
                    out,
                    new Row(alg.name(), pairs.length, found, meanUs, (double) expanded / pairs.length, preprocessMs));
        }
        return costs;
    }

    /** Keeps a row for the JSON report and prints it as a line of the table. */
    private void addRow(PrintWriter out, Row row) {
        rows.add(row);
        out.printf(
                Locale.ROOT,
                "%-16s %8d %7d %14.1f %15.1f %13.1f%n",
                row.alg(),
                row.queries(),
                row.found(),
                row.microsPerQuery(),
                row.meanExpanded(),
                row.preprocessMillis());
        out.flush();
    }

    /** Draws the first query's JPS search ({@link MapPicture}) and says where. */
    private java.nio.file.Path drawFirstQuery(PrintWriter out, Grid grid, int[] pair) {
        java.nio.file.Path file = picture != null
                ? picture
                : java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "onepath-demo.png");
        Cell start = new Cell(pair[0], pair[1]);
        Cell goal = new Cell(pair[2], pair[3]);
        RenderCommand.Drawn d = RenderCommand.search(grid, "jps", start, goal);
        int[] waypoints = new int[0];
        if (d.path().length > 0) {
            SmoothedPath smooth = PathSmoother.smooth(grid, Cell.listOf(d.path(), grid.width()), GridOptions.DEFAULT);
            waypoints = smooth.waypoints().stream()
                    .mapToInt(c -> c.y() * grid.width() + c.x())
                    .toArray();
            smoothedSummary = new int[] {d.path().length, waypoints.length};
            smoothedCosts = new double[] {smooth.inputCost(), smooth.cost()};
        }
        new MapPicture(grid, d.path(), d.anyAngle(), d.expanded(), waypoints).write(file);
        out.println("picture: " + file.toAbsolutePath() + " (query 0, " + start + " -> " + goal
                + ", jps: expanded jump points shaded by order, path red, smoothed path teal)");
        out.println("  " + MapPicture.LEGEND + "; " + MapPicture.SMOOTHED_LEGEND);
        if (waypoints.length > 0) {
            out.printf(
                    Locale.ROOT,
                    "smoothed: %d cells -> %d waypoints, cost %.3f -> %.3f%n",
                    smoothedSummary[0],
                    smoothedSummary[1],
                    smoothedCosts[0],
                    smoothedCosts[1]);
        }
        return file;
    }

    /** The hex row: A* through the one-line hex query, timed and printed like the others. */
    private double[] runHex(PrintWriter out, Grid grid, int[][] pairs) {
        double[] costs = new double[pairs.length];
        long p0 = System.nanoTime();
        try (HexGrid hex = toHex(grid)) {
            double preprocessMs = (System.nanoTime() - p0) / 1e6;
            HexOptions options = HexOptions.DEFAULT;
            for (int i = 0; i < Math.min(ScenarioRun.DEFAULT_WARMUP, pairs.length); i++) {
                hex.findPath(new Cell(pairs[i][0], pairs[i][1]), new Cell(pairs[i][2], pairs[i][3]), options);
            }
            long expanded = 0;
            int found = 0;
            long s0 = System.nanoTime();
            for (int i = 0; i < pairs.length; i++) {
                HexPath path =
                        hex.findPath(new Cell(pairs[i][0], pairs[i][1]), new Cell(pairs[i][2], pairs[i][3]), options);
                costs[i] = path.cost();
                expanded += path.expandedCount();
                if (path.found()) {
                    found++;
                }
            }
            double meanUs = (System.nanoTime() - s0) / 1e3 / pairs.length;
            addRow(out, new Row(HEX_ROW, pairs.length, found, meanUs, (double) expanded / pairs.length, preprocessMs));
        }
        return costs;
    }

    /**
     * The voxel rows: the same seeded voxel queries with A*, jump point search and the chunk
     * hierarchy on a world of {@code size / 8} voxels along x and z; returns the queries where jump
     * point search does not find A*'s cost, or the hierarchy does not find exactly what A* finds or
     * finds it cheaper (its paths are not always the cheapest, never cheaper).
     */
    private List<String> runVoxels(PrintWriter out) {
        int side = Math.max(PillarsAndDecks.MIN_SIDE, Math.min(256, size / 8));
        int count = Math.min(queries, MAX_VOXEL_QUERIES);
        List<String> found = new ArrayList<>();
        try (VoxelGrid world = PillarsAndDecks.generate(side, seed)) {
            VoxelCell[][] pairs = voxelPairs(world, count, seed);
            out.println("voxel world: " + side + " x " + PillarsAndDecks.HEIGHT + " x " + side
                    + " pillars and decks, 26 moves without corner cutting, " + count + " queries after "
                    + Math.min(VOXEL_WARMUP, count) + " warm-up ones:");
            List<VoxelOptions> options = List.of(
                    VoxelOptions.DEFAULT,
                    VoxelOptions.JUMP_POINTS,
                    VoxelOptions.builder().algorithm(VoxelAlgorithm.HPA).build());
            double[] reference = null;
            for (int row = 0; row < VOXEL_ROWS.size(); row++) {
                String name = VOXEL_ROWS.get(row);
                double[] costs = runVoxelRow(out, name, world, pairs, options.get(row));
                if (reference == null) {
                    reference = costs;
                    continue;
                }
                boolean bounded = options.get(row).algorithm() == VoxelAlgorithm.HPA;
                for (int i = 0; i < count; i++) {
                    double x = reference[i];
                    double y = costs[i];
                    boolean close = x == y || Math.abs(x - y) <= 1e-9 * Math.max(1, x);
                    boolean agrees = bounded
                            ? (x == Double.POSITIVE_INFINITY) == (y == Double.POSITIVE_INFINITY) && (y > x || close)
                            : close;
                    if (!agrees) {
                        found.add(String.format(
                                Locale.ROOT,
                                "disagreement: voxel query %d %s->%s: %s %s, %s %s",
                                i,
                                pairs[i][0],
                                pairs[i][1],
                                VOXEL_ROWS.getFirst(),
                                x,
                                name,
                                y));
                    }
                }
            }
            out.println(VOXEL_ROWS.getLast()
                    + ": the chunk hierarchy; preprocess is its first query, which builds it. Its paths are never"
                    + " cheaper than A*'s and not always as cheap.");
        }
        return found;
    }

    private double[] runVoxelRow(
            PrintWriter out, String name, VoxelGrid world, VoxelCell[][] pairs, VoxelOptions options) {
        double[] costs = new double[pairs.length];
        // The first query of the hierarchy builds it: its time is the row's preparation.
        long p0 = System.nanoTime();
        world.findPath(pairs[0][0], pairs[0][1], options);
        double preprocessMs = options.algorithm() == VoxelAlgorithm.HPA ? (System.nanoTime() - p0) / 1e6 : 0;
        for (int i = 1; i < Math.min(VOXEL_WARMUP, pairs.length); i++) {
            world.findPath(pairs[i][0], pairs[i][1], options);
        }
        long expanded = 0;
        int found = 0;
        long s0 = System.nanoTime();
        for (int i = 0; i < pairs.length; i++) {
            VoxelPath path = world.findPath(pairs[i][0], pairs[i][1], options);
            if (options.algorithm() != path.algorithm()) {
                throw new IllegalStateException(name + " ran " + path.algorithm() + ", not " + options.algorithm());
            }
            costs[i] = path.cost();
            expanded += path.expandedCount();
            if (path.found()) {
                found++;
            }
        }
        double meanUs = (System.nanoTime() - s0) / 1e3 / pairs.length;
        addRow(out, new Row(name, pairs.length, found, meanUs, (double) expanded / pairs.length, preprocessMs));
        return costs;
    }

    /** Random open start and goal voxels, from the seed. */
    private static VoxelCell[][] voxelPairs(VoxelGrid world, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x6A09E667L);
        VoxelCell[][] pairs = new VoxelCell[count][];
        for (int i = 0; i < count; i++) {
            pairs[i] = new VoxelCell[] {openVoxel(world, random), openVoxel(world, random)};
        }
        return pairs;
    }

    private static VoxelCell openVoxel(VoxelGrid world, SplittableRandom random) {
        while (true) {
            VoxelCell c = new VoxelCell(
                    random.nextInt(world.sizeX()), random.nextInt(world.sizeY()), random.nextInt(world.sizeZ()));
            if (world.isWalkable(c.x(), c.y(), c.z())) {
                return c;
            }
        }
    }

    /** A hex grid holding the square grid's cells and area costs, copied a row at a time. */
    static HexGrid toHex(Grid grid) {
        int w = grid.width();
        HexGrid hex = HexGrid.create(w, grid.height(), HEX_LAYOUT);
        hex.areas().copyFrom(grid.areas());
        MemorySegment cells = grid.cells();
        byte[] row = new byte[w];
        for (int y = 0; y < grid.height(); y++) {
            MemorySegment.copy(cells, ValueLayout.JAVA_BYTE, (long) y * w, row, 0, w);
            hex.setRect(0, y, w, 1, row);
        }
        return hex;
    }

    /** Queries the square grid answers and the hex grid does not, or the reverse. */
    private static List<String> hexReachability(double[] square, double[] hex, int[][] pairs) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < pairs.length; i++) {
            boolean a = square[i] != Double.POSITIVE_INFINITY;
            boolean b = hex[i] != Double.POSITIVE_INFINITY;
            if (a != b) {
                out.add(String.format(
                        Locale.ROOT,
                        "disagreement: query %d (%d,%d)->(%d,%d): %s on the square grid, %s on the hex grid",
                        i,
                        pairs[i][0],
                        pairs[i][1],
                        pairs[i][2],
                        pairs[i][3],
                        a ? "found" : "no path",
                        b ? "found" : "no path"));
            }
        }
        return out;
    }

    private static List<String> disagreements(List<Algorithm> algs, double[][] costs, int[][] pairs) {
        List<String> out = new ArrayList<>();
        for (int a = 1; a < algs.size(); a++) {
            boolean anyAngle = algs.get(a).anyAngle();
            boolean suboptimal = algs.get(a).suboptimal();
            for (int i = 0; i < pairs.length; i++) {
                double x = costs[0][i];
                double y = costs[a][i];
                boolean same = x == y
                        || Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x))
                        // an any-angle path agrees when it exists exactly when A*'s does and is not longer
                        || (anyAngle && x < Double.POSITIVE_INFINITY && y <= x * (1 + 1e-9))
                        // a suboptimal one when it exists exactly when A*'s does and is not shorter
                        || (suboptimal
                                && x < Double.POSITIVE_INFINITY
                                && y < Double.POSITIVE_INFINITY
                                && y >= x * (1 - 1e-9));
                if (!same) {
                    out.add(String.format(
                            Locale.ROOT,
                            "disagreement: query %d (%d,%d)->(%d,%d): %s %s, %s %s",
                            i,
                            pairs[i][0],
                            pairs[i][1],
                            pairs[i][2],
                            pairs[i][3],
                            algs.getFirst().name(),
                            x,
                            algs.get(a).name(),
                            y));
                }
            }
        }
        return out;
    }

    /** Random open start and goal cells, from the seed. */
    private static int[][] queryPairs(Grid grid, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int[][] pairs = new int[count][];
        for (int i = 0; i < count; i++) {
            int[] s = openCell(grid, random);
            int[] g = openCell(grid, random);
            pairs[i] = new int[] {s[0], s[1], g[0], g[1]};
        }
        return pairs;
    }

    private static int[] openCell(Grid grid, SplittableRandom random) {
        while (true) {
            int x = random.nextInt(grid.width());
            int y = random.nextInt(grid.height());
            if (grid.isWalkable(x, y)) {
                return new int[] {x, y};
            }
        }
    }
}
