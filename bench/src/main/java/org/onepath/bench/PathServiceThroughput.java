package org.onepath.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.PathService;
import org.onepath.cells.Cell;

/**
 * Throughput of {@link PathService} answering the dao scenarios with JPS+, with 1 and 2 workers
 * (or the counts given): per map, one service per worker count, one untimed
 * {@link PathService#solveAll} of every problem of the map's {@code .scen} (warm-up, and the JPS+
 * tables built), then {@code rounds} timed ones. Prints queries per second per map and in all, and
 * the speed-up over the first worker count; checks that every answer's cost is the same for every
 * worker count.
 *
 * <p>Run on a quiet machine: {@code java -cp bench/target/benchmarks.jar
 * org.onepath.bench.PathServiceThroughput [--workers 1,2] [--rounds 3] [--maps N | map ...]};
 * without map names it takes every {@code dao/*.map} (or the first N), the data under
 * {@code -Donepath.data} (default {@code ../shared/data}).
 */
public final class PathServiceThroughput {
    private PathServiceThroughput() {}

    public static void main(String[] args) throws IOException {
        int[] workerCounts = {1, 2};
        int rounds = 3;
        int limit = Integer.MAX_VALUE;
        List<String> maps = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--workers" ->
                    workerCounts = Stream.of(args[++i].split(","))
                            .mapToInt(Integer::parseInt)
                            .toArray();
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--maps" -> limit = Integer.parseInt(args[++i]);
                default -> maps.add(args[i]);
            }
        }
        if (maps.isEmpty()) {
            try (Stream<Path> files = Files.list(BenchData.root().resolve("movingai/dao"))) {
                files.map(p -> p.getFileName().toString())
                        .filter(n -> n.endsWith(".map"))
                        .sorted()
                        .limit(limit)
                        .forEach(n -> maps.add("dao/" + n.substring(0, n.length() - 4)));
            }
        }
        GridOptions jpsPlus =
                GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();
        long[] totalNanos = new long[workerCounts.length];
        long totalQueries = 0;
        System.out.printf(
                Locale.ROOT,
                "%d maps, JPS+, workers %s, %d timed rounds, %d processors%n",
                maps.size(),
                java.util.Arrays.toString(workerCounts),
                rounds,
                Runtime.getRuntime().availableProcessors());
        for (String map : maps) {
            int[] p = BenchData.problems(map);
            List<PathService.Query> batch = new ArrayList<>(p.length / 4);
            for (int i = 0; i < p.length; i += 4) {
                batch.add(new PathService.Query(new Cell(p[i], p[i + 1]), new Cell(p[i + 2], p[i + 3]), jpsPlus));
            }
            if (batch.isEmpty()) {
                continue;
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-14s %6d problems", map, batch.size()));
            double[] reference = null;
            for (int w = 0; w < workerCounts.length; w++) {
                try (Grid grid = BenchData.grid(map);
                        PathService service = PathService.over(grid, workerCounts[w])) {
                    List<GridPath> first = service.solveAll(batch);
                    double[] costs = first.stream().mapToDouble(GridPath::cost).toArray();
                    if (reference == null) {
                        reference = costs;
                    } else if (!java.util.Arrays.equals(reference, costs)) {
                        throw new AssertionError(map + ": answers differ between worker counts");
                    }
                    long best = Long.MAX_VALUE;
                    for (int r = 0; r < rounds; r++) {
                        long t0 = System.nanoTime();
                        service.solveAll(batch);
                        best = Math.min(best, System.nanoTime() - t0);
                    }
                    totalNanos[w] += best;
                    line.append(String.format(
                            Locale.ROOT, "  %d workers %9.0f q/s", workerCounts[w], batch.size() / (best / 1e9)));
                }
            }
            totalQueries += batch.size();
            System.out.println(line);
        }
        StringBuilder total = new StringBuilder(String.format(Locale.ROOT, "all %d problems:", totalQueries));
        for (int w = 0; w < workerCounts.length; w++) {
            total.append(String.format(
                    Locale.ROOT,
                    "  %d workers %9.0f q/s (x%.2f)",
                    workerCounts[w],
                    totalQueries / (totalNanos[w] / 1e9),
                    (double) totalNanos[0] / totalNanos[w]));
        }
        System.out.println(total);
    }
}
