package org.onepath.fuzz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.onepath.Graph;
import org.onepath.Grid;
import org.onepath.GridFlowField;
import org.onepath.GridOptions;
import org.onepath.GridSearch;
import org.onepath.GridSpace;
import org.onepath.VoxelGrid;
import org.onepath.VoxelSpace;
import org.onepath.cells.PathStatus;
import org.onepath.fuzz.Fixtures.Handle;
import org.onepath.fuzz.Fixtures.Query;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.SlicedSearch;
import org.onepath.grids.jps.BlockMap;
import org.onepath.store.GridStore;
import org.onepath.store.VoxelWorldStore;

/**
 * Writes the seed corpus: valid states made by the library itself, deterministically (fixed
 * pictures, fixed random seeds), into {@code <dir>/<target>/*.bin} with an {@code index.txt}
 * per target. Run by hand when a target or the state format changes, never by the build; the
 * files are checked in under {@code fuzz/src/test/resources/corpus}:
 *
 * <pre>
 * mvn -q -pl fuzz -am package -DskipTests
 * java -cp "fuzz/target/onepath-fuzz.jar:fuzz/target/lib/*" org.onepath.fuzz.SeedCorpus fuzz/src/test/resources/corpus
 * </pre>
 *
 * Seeds: grids of several sizes, areas, costs, spaces and versions; voxel grids with default,
 * stored and reverted chunks and a solid default; A*, jump point search, Lazy Theta* and every GridSearch
 * handle saved not started, just begun, after one and four steps, mid-run, found and with no path,
 * on the search grid of {@link Fixtures}; graphs (the search grid's move graph as built and
 * edited, empty, 2^26 isolated nodes, loops and parallel edges) and graph A* over the move graph
 * at the same points.
 */
public final class SeedCorpus {
    private SeedCorpus() {}

    public static void main(String[] args) throws IOException {
        if (args.length > 1) {
            System.err.println("usage: SeedCorpus [DIR]   (default fuzz/src/test/resources/corpus)");
            System.exit(2);
        }
        Path dir = Path.of(args.length == 1 ? args[0] : "fuzz/src/test/resources/corpus");
        for (Map.Entry<String, Map<String, byte[]>> target : generate().entrySet()) {
            Path folder = dir.resolve(target.getKey());
            Files.createDirectories(folder);
            try (var old = Files.newDirectoryStream(folder, "*.bin")) {
                for (Path p : old) {
                    Files.delete(p);
                }
            }
            StringBuilder index = new StringBuilder(
                    "# seeds of target '" + target.getKey() + "', written by org.onepath.fuzz.SeedCorpus\n");
            for (Map.Entry<String, byte[]> seed : target.getValue().entrySet()) {
                Files.write(folder.resolve(seed.getKey()), seed.getValue());
                index.append(seed.getKey()).append('\n');
            }
            Files.writeString(folder.resolve(Corpus.INDEX), index, StandardCharsets.UTF_8);
            System.out.println(folder + ": " + target.getValue().size() + " seeds");
        }
    }

    /** Every target's seeds: target name to file name to bytes, in a fixed order. */
    public static Map<String, Map<String, byte[]>> generate() {
        Map<String, Map<String, byte[]>> all = new LinkedHashMap<>();
        all.put("grid", grids());
        all.put("voxel", voxels());
        all.put("astar", searches((grid, buffers) -> Fixtures.astar(grid, buffers)));
        all.put("jps", jumpSearches());
        all.put("gridsearch", gridSearches());
        all.put("store", stores());
        all.put("theta", thetaSearches());
        all.put("flow", flowFields());
        all.put("graph", graphs());
        all.put("graphastar", graphSearches());
        all.put("gridhpa", grids());
        all.put("replan", replanners());
        return all;
    }

    /** Graphs: the search graph as built and edited, an empty one, isolated nodes, loops and parallel edges. */
    private static Map<String, byte[]> graphs() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (Graph g = Fixtures.searchGraph()) {
            out.put("search-graph.bin", g.saveState());
            g.removeEdge(0);
            g.removeEdge(17);
            g.setWeight(5, 0.0);
            g.setWeight(40, 7.25);
            g.addEdge(191, 0, 100.0);
            out.put("search-graph-edited.bin", g.saveState());
        }
        try (Graph g = new Graph(0)) {
            out.put("empty.bin", g.saveState());
        }
        try (Graph g = new Graph(Graph.MAX_NODES)) {
            g.addEdge(Graph.MAX_NODES - 1, 0, 1.5);
            out.put("isolated-2pow26.bin", g.saveState());
        }
        try (Graph g = new Graph(6)) {
            g.addEdge(0, 0, 1.0);
            g.addEdge(0, 1, 2.0);
            g.addEdge(0, 1, 0.5);
            g.addUndirectedEdge(1, 2, 0.0);
            g.addEdge(2, 5, 3.0);
            g.addEdge(5, 2, Double.MIN_VALUE);
            g.removeEdge(2);
            out.put("loops-and-parallels.bin", g.saveState());
        }
        return out;
    }

    /** Graph A* over the search graph, saved at the points {@link #searches} keeps. */
    private static Map<String, byte[]> graphSearches() {
        try (Grid grid = Fixtures.searchGrid();
                Graph graph = Fixtures.searchGraph();
                Landmarks landmarks = Landmarks.of(graph.compile(), Fixtures.GRAPH_LANDMARKS)) {
            return searches(grid, (g, b) -> Fixtures.graphAStar(graph, landmarks, b), s -> s.saveState());
        }
    }

    /**
     * Flow fields over the search grid towards {@link FlowTarget#GOALS}: complete, stopped after
     * 1, 17 and 60 iterations, repairing a toggled cell (the grid ends as it began, so the seeds
     * restore into the target's field), and complete with edits pending.
     */
    private static Map<String, byte[]> flowFields() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (Grid g = Fixtures.searchGrid();
                GridFlowField f = g.createFlowField(FlowTarget.GOALS, GridOptions.DEFAULT)) {
            out.put("complete.bin", f.saveState());
            g.setWalkable(9, 9, false);
            g.setWalkable(9, 9, true);
            out.put("complete-pending.bin", f.saveState());
        }
        for (int budget : new int[] {1, 17, 60}) {
            GridOptions o = GridOptions.builder().iterationBudget(budget).build();
            try (Grid g = Fixtures.searchGrid();
                    GridFlowField f = g.createFlowField(FlowTarget.GOALS, o)) {
                out.put("running-" + budget + ".bin", f.saveState());
            }
        }
        GridOptions five = GridOptions.builder().iterationBudget(5).build();
        try (Grid g = Fixtures.searchGrid();
                GridFlowField f = g.createFlowField(FlowTarget.GOALS, five)) {
            f.run();
            g.setWalkable(11, 10, false);
            g.setWalkable(11, 10, true);
            if (f.refresh()) {
                throw new IllegalStateException("the repair seed should stop inside its budget");
            }
            out.put("repairing.bin", f.saveState());
        }
        return out;
    }

    /**
     * Replanners over the search grid from {@link ReplanTarget#START} to {@link ReplanTarget#GOAL}
     * (LPA* and D* Lite): never planned, planned, repairing a toggled cell after 1 and 6
     * iterations with another toggle pending (the grid ends as it began, so the seeds restore into
     * the target's replanners), D* Lite with its start moved along the path, and restarted by a
     * large edit.
     */
    private static Map<String, byte[]> replanners() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (org.onepath.GridAlgorithm a : new org.onepath.GridAlgorithm[] {
            org.onepath.GridAlgorithm.LPA_STAR, org.onepath.GridAlgorithm.D_STAR_LITE
        }) {
            String name = a == org.onepath.GridAlgorithm.LPA_STAR ? "lpa" : "dstar";
            GridOptions o = GridOptions.builder().algorithm(a).build();
            try (Grid g = Fixtures.searchGrid();
                    org.onepath.GridReplanner r = g.createReplanner(ReplanTarget.START, ReplanTarget.GOAL, o)) {
                out.put(name + "-new.bin", r.saveState());
                org.onepath.GridPath p = r.replan();
                out.put(name + "-planned.bin", r.saveState());
                org.onepath.cells.Cell mid = p.cells().get(p.length() / 2);
                for (int budget : new int[] {1, 6}) {
                    g.setWalkable(mid.x(), mid.y(), false);
                    r.replan(budget);
                    g.setWalkable(mid.x(), mid.y(), true);
                    out.put(name + "-repairing-" + budget + ".bin", r.saveState());
                    r.replan();
                }
                if (a == org.onepath.GridAlgorithm.D_STAR_LITE) {
                    r.moveStart(p.cells().get(1));
                    out.put(name + "-moved.bin", r.saveState());
                    r.replan();
                    out.put(name + "-moved-planned.bin", r.saveState());
                }
                byte[] cells = new byte[16 * 12];
                g.cells().asByteBuffer().get(cells);
                g.setRect(0, 0, 16, 12, new byte[16 * 12]);
                g.setRect(0, 0, 16, 12, cells);
                out.put(name + "-restarted.bin", r.saveState());
            }
        }
        return out;
    }

    /** Grid stores (with every table) and world stores (stored, uniform and default chunks). */
    private static Map<String, byte[]> stores() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (Grid g = Fixtures.searchGrid()) {
            out.put("grid-search-map.bin", bake(g));
        }
        try (Grid g = Grid.fromText("""
                ..1122..##..3344..##
                .#1122#.##.#3344#.##
                ..1122..##..3344..##
                """)) {
            out.put("grid-strip-20x3.bin", bake(g));
        }
        try (Grid g = Grid.create(1, 1)) {
            out.put("grid-one-cell.bin", bake(g));
        }
        try (VoxelGrid v = VoxelGrid.create(20, 18, 6)) {
            v.setWalkable(1, 1, 1, false);
            v.setArea(5, 5, 5, 4);
            out.put("world-open-20x18x6.bin", write(v));
        }
        try (VoxelGrid v = VoxelGrid.create(40, 33, 40)) {
            for (int z = 0; z < 16; z++) {
                for (int y = 0; y < 33; y++) {
                    for (int x = 0; x < 40; x++) {
                        v.setWalkable(x, y, z, false);
                    }
                }
            }
            v.setWalkable(3, 3, 3, true);
            out.put("world-solid-floor-40x33x40.bin", write(v));
        }
        try (VoxelGrid v = VoxelGrid.create(17, 17, 17, VoxelGrid.SOLID)) {
            for (int i = 0; i < 17; i++) {
                v.setWalkable(i, i / 2, 8, true);
            }
            out.put("world-carved-17.bin", write(v));
        }
        return out;
    }

    private static byte[] bake(Grid grid) {
        return storeBytes(file -> GridStore.bake(grid, "seed.map", file));
    }

    private static byte[] write(VoxelGrid world) {
        return storeBytes(file -> VoxelWorldStore.write(world, "seed.3dmap", file));
    }

    private interface StoreWrite {
        void to(Path file) throws IOException;
    }

    private static byte[] storeBytes(StoreWrite write) {
        try {
            Path dir = Files.createTempDirectory("onepath-seed");
            Path file = dir.resolve("seed.opstore");
            try {
                write.to(file);
                return Files.readAllBytes(file);
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("writing a store seed", e);
        }
    }

    private static Map<String, byte[]> grids() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (Grid g = Fixtures.searchGrid()) {
            out.put("search-map.bin", g.saveState());
        }
        try (Grid g = Fixtures.searchGrid()) {
            g.setWalkable(3, 3, false);
            g.setWalkable(6, 1, true);
            g.setArea(0, 11, 1);
            g.setArea(1, 11, 7);
            g.setArea(15, 0, 254);
            g.areas().set(1, 2.5);
            g.areas().set(7, 0.75);
            g.areas().set(254, 1e6);
            g.space(new GridSpace(-12.5, 40.25, 0.5));
            out.put("search-map-edited.bin", g.saveState());
        }
        try (Grid g = Grid.create(16, 12, Grid.WALL)) {
            g.setWalkable(7, 5, true);
            out.put("walls.bin", g.saveState());
        }
        try (Grid g = Grid.create(16, 12)) {
            SplittableRandom r = new SplittableRandom(7);
            for (int y = 0; y < 12; y++) {
                for (int x = 0; x < 16; x++) {
                    g.setArea(x, y, r.nextInt(256));
                }
            }
            for (int a = 0; a < 255; a += 17) {
                g.areas().set(a, 0.25 + r.nextInt(40) / 8.0);
            }
            g.space(new GridSpace(1000, -1000, 2));
            out.put("random-areas.bin", g.saveState());
        }
        try (Grid g = Grid.create(1, 1)) {
            out.put("one-cell.bin", g.saveState());
        }
        try (Grid g = Grid.fromText("""
                ..1122..##..3344..##..5566..##..7788..99
                .#1122#.##.#3344#.##.#5566#.##.#7788#.99
                ..1122..##..3344..##..5566..##..7788..99
                """)) {
            g.areas().set(3, 3.0);
            g.areas().set(9, 0.5);
            out.put("strip-40x3.bin", g.saveState());
        }
        return out;
    }

    private static Map<String, byte[]> voxels() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (VoxelGrid v = VoxelGrid.create(20, 18, 6)) {
            v.setWalkable(1, 1, 1, false);
            v.setWalkable(17, 2, 3, false);
            v.setArea(5, 5, 5, 4);
            v.areas().set(4, 3.5);
            v.space(new VoxelSpace(1.5, -2, 100, 0.25));
            out.put("open-20x18x6.bin", v.saveState());
        }
        try (VoxelGrid v = VoxelGrid.create(20, 18, 6)) {
            v.setWalkable(0, 0, 0, false);
            v.setWalkable(19, 0, 1, false);
            v.setWalkable(0, 17, 2, false);
            v.setArea(19, 17, 5, 200);
            out.put("all-chunks-20x18x6.bin", v.saveState());
        }
        try (VoxelGrid v = VoxelGrid.create(20, 18, 6)) {
            v.setWalkable(3, 3, 3, false);
            v.setWalkable(3, 3, 3, true); // the chunk stays stored, every voxel default again
            out.put("reverted-20x18x6.bin", v.saveState());
        }
        try (VoxelGrid v = VoxelGrid.create(5, 4, 3)) {
            out.put("untouched-5x4x3.bin", v.saveState());
        }
        try (VoxelGrid v = VoxelGrid.create(17, 3, 2, VoxelGrid.SOLID)) {
            for (int x = 0; x < 17; x++) {
                v.setArea(x, 1, 0, x % 3);
            }
            v.setWalkable(16, 1, 1, true);
            out.put("carved-17x3x2.bin", v.saveState());
        }
        try (VoxelGrid v = VoxelGrid.create(1, 1, 1)) {
            v.setArea(0, 0, 0, 9);
            out.put("one-voxel.bin", v.saveState());
        }
        return out;
    }

    /** Builds the engine a target restores into; saved with {@code save}. */
    @FunctionalInterface
    private interface Engine<S extends SlicedSearch> {
        S make(Grid grid, GridSearchBuffers buffers);
    }

    private static Map<String, byte[]> jumpSearches() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (Grid grid = Fixtures.searchGrid();
                BlockMap map = new BlockMap(grid)) {
            out.putAll(searches(grid, (g, b) -> Fixtures.jps(g, map, b), s -> s.saveState()));
        }
        return out;
    }

    private static Map<String, byte[]> thetaSearches() {
        try (Grid grid = Fixtures.searchGrid()) {
            return searches(grid, Fixtures::theta, s -> s.saveState());
        }
    }

    private static Map<String, byte[]> searches(Engine<org.onepath.grids.AStar<?, ?, ?>> engine) {
        try (Grid grid = Fixtures.searchGrid()) {
            return searches(grid, engine::make, s -> s.saveState());
        }
    }

    /**
     * A search saved at the points the corpus keeps: not started; per query just begun, after 1
     * and 4 steps, mid-run and at the end; and a second query begun over a finished one.
     */
    private static <S extends SlicedSearch> Map<String, byte[]> searches(
            Grid grid, Engine<S> engine, Function<S, byte[]> save) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        int w = grid.width();
        try (GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount())) {
            S s = engine.make(grid, buffers);
            out.put("not-started.bin", save.apply(s));
            for (Query q : Fixtures.QUERIES) {
                s.begin(q.start(w), q.goal(w));
                s.step(Integer.MAX_VALUE);
                int total = s.iterations();
                s.begin(q.start(w), q.goal(w));
                out.put(q.name() + "-begun.bin", save.apply(s));
                s.step(1);
                out.put(q.name() + "-step1.bin", save.apply(s));
                s.step(3);
                out.put(q.name() + "-step4.bin", save.apply(s));
                s.step(Math.max(0, total / 2 - 4));
                out.put(q.name() + "-mid.bin", save.apply(s));
                s.step(Integer.MAX_VALUE);
                out.put(
                        q.name() + "-"
                                + s.status()
                                        .name()
                                        .toLowerCase(java.util.Locale.ROOT)
                                        .replace('_', '-') + ".bin",
                        save.apply(s));
            }
            // A second search over the records of a finished one.
            s.begin(Fixtures.ACROSS.start(w), Fixtures.ACROSS.goal(w));
            s.step(Integer.MAX_VALUE);
            s.begin(Fixtures.BACK.start(w), Fixtures.BACK.goal(w));
            s.step(3);
            out.put("across-then-back-step3.bin", save.apply(s));
        }
        return out;
    }

    private static Map<String, byte[]> gridSearches() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (Grid grid = Fixtures.searchGrid()) {
            for (Handle h : Handle.values()) {
                String p = h.fileName() + "-";
                try (GridSearch s = grid.createSearch(h.options)) {
                    out.put(p + "none.bin", s.saveState());
                    for (Query q : Fixtures.QUERIES) {
                        s.tryBegin(q.sx(), q.sy(), q.gx(), q.gy());
                        while (s.step(1_000) == PathStatus.IN_PROGRESS) {
                            // to the end, to count the iterations
                        }
                        int total = s.iterations();
                        s.tryBegin(q.sx(), q.sy(), q.gx(), q.gy());
                        if (q == Fixtures.ACROSS) {
                            out.put(p + q.name() + "-begun.bin", s.saveState());
                            s.step(1);
                            out.put(p + q.name() + "-step1.bin", s.saveState());
                            s.step(Math.max(0, total / 2 - 1));
                            out.put(p + q.name() + "-mid.bin", s.saveState());
                        }
                        s.step(Integer.MAX_VALUE);
                        out.put(
                                p + q.name() + "-"
                                        + s.status()
                                                .name()
                                                .toLowerCase(java.util.Locale.ROOT)
                                                .replace('_', '-') + ".bin",
                                s.saveState());
                    }
                }
            }
        }
        return out;
    }
}
