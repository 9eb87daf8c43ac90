package org.onepath.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.onepath.VoxelAlgorithm;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.GridFormatException;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;
import org.onepath.io.ScenarioRules;
import org.onepath.io.VoxelMap;
import org.onepath.io.VoxelScenario;
import org.onepath.store.HierarchyOptions;
import org.onepath.store.StoreLayout;
import org.onepath.store.VoxelWorldStore;

/**
 * Runs the problems of Moving AI {@code .3dscen} files with the tier-1 voxel query (26 moves, no
 * corner cutting, the Moving AI voxel convention), by A* ({@code astar-3d}), jump point search
 * ({@code jps-3d}), the voxel chunk hierarchy ({@code hpa-3d}) or several side by side over one
 * loaded map, and compares each cost with the published optimum: for the exact searches a match is
 * {@code |cost - optimal| <= 1e-6} ({@link VoxelScenario#matchTolerance}); the hierarchy is not
 * optimal, so for it a mismatch is no path, or a cost below the optimum beyond that tolerance
 * ({@link ScenarioRules.Rule#SUBOPTIMAL}), and its row gives the excess over the optimum.
 */
final class VoxelScenarioRun {
    /** The row name of voxel problems run by A* in reports. */
    static final String ALGORITHM = "astar-3d";
    /** The row name of voxel problems run by jump point search. */
    static final String JPS_ROW = "jps-3d";
    /** The row name of voxel problems run by the chunk hierarchy. */
    static final String HPA_ROW = "hpa-3d";

    /** The hierarchy's query: 26 moves, no corner cutting, the default face samples. */
    static final VoxelOptions HPA_OPTIONS =
            VoxelOptions.builder().algorithm(VoxelAlgorithm.HPA).build();

    /** What {@link #HPA_OPTIONS} search, as a store's section names them. */
    private static final HierarchyOptions HPA_TABLES = new HierarchyOptions(
            HPA_OPTIONS.connectivity(), HPA_OPTIONS.cornerRule(), HPA_OPTIONS.hierarchyFaceSamples());

    /** What one file produced: a result per search, in the order of the run's searches. */
    record FileResult(List<ScenarioRun.MapResult> results, double loadSeconds) {}

    private final int passes;
    private final ProblemSelection selection;
    private final int warmup;
    private final Path store;
    private final List<VoxelAlgorithm> searches;
    private final PrintWriter notes;
    private final Set<Path> noted = new HashSet<>();

    /**
     * @param store a store file or folder answering the problems instead of the maps, or null
     * @param searches the voxel searches to run on every file, in report order
     * @param notes where a note about the run goes once per store (a store without the hierarchy
     *     the hierarchy's row asked for)
     */
    VoxelScenarioRun(
            int passes,
            ProblemSelection selection,
            int warmup,
            Path store,
            List<VoxelAlgorithm> searches,
            PrintWriter notes) {
        this.passes = passes;
        this.selection = selection;
        this.warmup = warmup;
        this.store = store;
        this.searches = List.copyOf(searches);
        this.notes = notes;
    }

    /** The report row of a voxel search. */
    static String rowName(VoxelAlgorithm search) {
        return switch (search) {
            case JPS -> JPS_ROW;
            case HPA -> HPA_ROW;
            case ASTAR -> ALGORITHM;
        };
    }

    static boolean isVoxelScenario(Path file) {
        return file.getFileName().toString().endsWith(".3dscen");
    }

    /**
     * The voxel searches for the requested algorithms: {@code astar} runs voxel A*, {@code jps} the
     * voxel jump point search, {@code hpa} the voxel chunk hierarchy; refuses any other, naming it
     * and a voxel file.
     */
    static List<VoxelAlgorithm> searchesFor(List<Algorithm> algorithms, List<Path> files) {
        Path first = files.stream()
                .filter(VoxelScenarioRun::isVoxelScenario)
                .findFirst()
                .orElseThrow();
        List<VoxelAlgorithm> searches = new ArrayList<>();
        for (Algorithm a : algorithms) {
            VoxelAlgorithm search = switch (a.name()) {
                case "astar" -> VoxelAlgorithm.ASTAR;
                case "jps" -> VoxelAlgorithm.JPS;
                case "hpa" -> VoxelAlgorithm.HPA;
                default ->
                    throw new IllegalArgumentException("--alg " + a.name()
                            + " does not run on voxel scenarios (" + first
                            + "); voxel problems run with --alg astar, jps, hpa or several of them");
            };
            searches.add(search);
        }
        return searches;
    }

    /**
     * Runs the selected problems of one file (at least one).
     *
     * @param problems the problems {@code selection} kept, in file order
     */
    FileResult run(Path scen, List<VoxelScenario> problems, List<ScenarioRun.Mismatch> mismatches) {
        long t0 = System.nanoTime();
        String mapName = problems.getFirst().mapFileName();
        VoxelGrid grid;
        Runnable close;
        VoxelWorldStore fromStore = null;
        if (store == null) {
            Path mapFile = scen.toAbsolutePath().getParent().resolve(mapName);
            if (!Files.isRegularFile(mapFile)) {
                throw new IllegalArgumentException(scen + ": voxel map '" + mapName
                        + "' not found beside the scenario file (looked for " + mapFile + ")");
            }
            VoxelMap map = VoxelMap.read(mapFile);
            grid = map.toGrid();
            close = grid::close;
        } else {
            VoxelWorldStore opened = Stores.openWorld(store, mapName);
            grid = opened.grid();
            close = opened::close;
            fromStore = opened;
        }
        try {
            checkInside(scen, problems, selection, grid);
            double load = (System.nanoTime() - t0) / 1e9;
            List<ScenarioRun.MapResult> results = new ArrayList<>();
            for (VoxelAlgorithm search : searches) {
                if (fromStore == null) {
                    results.add(runSearch(search, grid, null, scen, mapName, problems, mismatches));
                } else {
                    // through the store's query entry point, as the square grid's runs
                    VoxelWorldStore s = fromStore;
                    if (search == VoxelAlgorithm.HPA && !HPA_TABLES.equals(s.hierarchyOptions())) {
                        noteNoHierarchy(s);
                    }
                    results.add(Stores.guarded(
                            s.path(),
                            () -> s.query(g -> runSearch(search, g, s, scen, mapName, problems, mismatches))));
                }
            }
            return new FileResult(results, load);
        } finally {
            close.run();
        }
    }

    /** Says once per store file that it holds no hierarchy for the hierarchy's row, which then builds one. */
    private void noteNoHierarchy(VoxelWorldStore s) {
        if (noted.add(s.path().toAbsolutePath().normalize())) {
            HierarchyOptions held = s.hierarchyOptions();
            notes.println(s.path() + ": "
                    + (held == null
                            ? "holds no voxel hierarchy (section " + StoreLayout.SECTION_VOXEL_HIERARCHY + ")"
                            : "holds a voxel hierarchy for " + held + ", not for " + HPA_TABLES)
                    + "; " + HPA_ROW + " builds one in memory as its preparation"
                    + " (bake the store with 'onepath bake MAP --hierarchy')");
            notes.flush();
        }
    }

    /**
     * Prepares the hierarchy's row: a store's hierarchy section for these options is installed in
     * its grid already, so nothing is built and its bytes are the section's; otherwise the
     * hierarchy is built over the grid's own chunk table (timed by the caller as the preparation)
     * and installed, so the queries find it ready.
     *
     * @return the hierarchy's table bytes
     */
    private static long prepareHierarchy(VoxelGrid grid, VoxelWorldStore fromStore) {
        if (fromStore != null && HPA_TABLES.equals(fromStore.hierarchyOptions())) {
            return fromStore.file().section(StoreLayout.SECTION_VOXEL_HIERARCHY).length();
        }
        VoxelHierarchy built = new VoxelHierarchy(
                grid.createTopology(HPA_TABLES.connectivity(), HPA_TABLES.cornerRule())
                        .chunks(),
                grid.areas(),
                HPA_TABLES.connectivity(),
                HPA_TABLES.cornerRule(),
                HPA_TABLES.faceSamples());
        long bytes = built.tableBytes();
        grid.installHierarchy(built);
        return bytes;
    }

    /** Runs every kept problem of one file with one voxel search and compares the costs. */
    private ScenarioRun.MapResult runSearch(
            VoxelAlgorithm search,
            VoxelGrid grid,
            VoxelWorldStore fromStore,
            Path scen,
            String mapName,
            List<VoxelScenario> problems,
            List<ScenarioRun.Mismatch> mismatches) {
        VoxelOptions options = switch (search) {
            case JPS -> VoxelOptions.JUMP_POINTS;
            case HPA -> HPA_OPTIONS;
            case ASTAR -> VoxelOptions.DEFAULT;
        };
        boolean hierarchy = search == VoxelAlgorithm.HPA;
        ScenarioRules.Rule rule = hierarchy ? ScenarioRules.Rule.SUBOPTIMAL : ScenarioRules.Rule.EXACT;
        long p0 = System.nanoTime();
        long preparedBytes = hierarchy ? prepareHierarchy(grid, fromStore) : 0;
        double preprocess = hierarchy ? (System.nanoTime() - p0) / 1e9 : 0;
        String row = rowName(search);
        int n = problems.size();
        for (int i = 0; i < Math.min(warmup, n); i++) {
            grid.findPath(problems.get(i).start(), problems.get(i).goal(), options);
        }
        double[] costs = new double[n];
        long[] expanded = new long[n];
        QueryTimes.BestPass times = new QueryTimes.BestPass(n);
        for (int pass = 0; pass < passes; pass++) {
            // One clock read per query, as the square grid's runs (ScenarioRun.runOne) time them.
            long[] nanos = times.pass();
            long before = System.nanoTime();
            for (int i = 0; i < n; i++) {
                VoxelScenario p = problems.get(i);
                VoxelPath path = grid.findPath(p.start(), p.goal(), options);
                if (path.algorithm() != search) {
                    throw new IllegalArgumentException(scen + ": " + row + " ran " + path.algorithm() + " on " + mapName
                            + (hierarchy
                                    ? " (the hierarchy serves queries without hooks, not ALLOW_ALL with 26 moves)"
                                    : " (a world whose areas cost alike qualifies for jump points)"));
                }
                costs[i] = path.cost();
                expanded[i] = path.expandedCount();
                long after = System.nanoTime();
                nanos[i] = after - before;
                before = after;
            }
            times.endPass();
        }
        int bad = 0;
        long totalExpanded = 0;
        double[] ratios = new double[n];
        int ratioCount = 0;
        for (int i = 0; i < n; i++) {
            totalExpanded += expanded[i];
            VoxelScenario p = problems.get(i);
            if (hierarchy && p.optimalLength() > 0 && costs[i] < Double.POSITIVE_INFINITY) {
                ratios[ratioCount++] = costs[i] / p.optimalLength();
            }
            if (!ScenarioRules.matches(p, costs[i], rule)) {
                bad++;
                String ends = "(" + p.startX() + "," + p.startY() + "," + p.startZ() + ")->(" + p.goalX() + ","
                        + p.goalY() + "," + p.goalZ() + ")";
                mismatches.add(new ScenarioRun.Mismatch(
                        row, scen.toString(), selection.numberInFile(i), ends, p.optimalLength(), costs[i]));
            }
        }
        return new ScenarioRun.MapResult(
                mapName,
                n,
                bad,
                totalExpanded,
                times.bestSeconds(),
                times.bestTimes(),
                preprocess,
                Ratios.of(ratios, ratioCount),
                preparedBytes,
                0,
                null);
    }

    /** Refuses a problem with an end outside the map; the message numbers it as in the file (from 1). */
    private static void checkInside(
            Path scen, List<VoxelScenario> problems, ProblemSelection selection, VoxelGrid grid) {
        for (int i = 0; i < problems.size(); i++) {
            VoxelScenario p = problems.get(i);
            if (!grid.contains(p.startX(), p.startY(), p.startZ()) || !grid.contains(p.goalX(), p.goalY(), p.goalZ())) {
                throw new GridFormatException(
                        scen.toString(),
                        0,
                        "problem " + (selection.numberInFile(i) + 1) + " has an end outside the " + grid.sizeX() + " x "
                                + grid.sizeY() + " x " + grid.sizeZ() + " map "
                                + problems.getFirst().mapFileName());
            }
        }
    }
}
