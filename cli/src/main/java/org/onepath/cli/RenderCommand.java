package org.onepath.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.fast.BitFinder;
import org.onepath.grids.fast.OctileJump;
import org.onepath.grids.fast.OctileMap;
import org.onepath.grids.fast.TableFinder;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.io.MovingAiMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code onepath render MAP --from X,Y --to X,Y [--alg NAME] [--out FILE.png|.svg]}: one search
 * on a Moving AI map drawn as a picture ({@link MapPicture}): walls dark, the expanded cells
 * shaded by expansion order, the path red.
 */
@Command(
        name = "render",
        mixinStandardHelpOptions = true,
        header = "Draws one search on a Moving AI map as a PNG or SVG picture.",
        description = {
            "Runs one search on a Moving AI map and draws it: walls dark, expanded cells shaded "
                    + "from light (early) to deep blue (late), the path red, start green, goal amber.",
            "Maps up to 1024 cells a side get whole pixels per cell; larger ones whole cells per pixel."
        })
final class RenderCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MAP", description = "A Moving AI .map file.")
    Path map;

    @Option(names = "--from", required = true, paramLabel = "X,Y", description = "Start cell (column, row).")
    String from;

    @Option(names = "--to", required = true, paramLabel = "X,Y", description = "Goal cell (column, row).")
    String to;

    @Option(
            names = "--alg",
            paramLabel = "NAME",
            description =
                    "One algorithm (default: ${DEFAULT-VALUE}). Known: astar, generic-astar, jps, generic-jps, jpsplus, generic-jpsplus, jps-improved, jpsplus-improved, theta, lazytheta.")
    String alg = "astar";

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description =
                    "Picture to write, .png or .svg (default: MAP's name with the algorithm and .png, in the current folder).")
    Path out;

    @Option(names = "--json", description = "Print one JSON object instead of two lines.")
    boolean json;

    /** One search's result as the picture needs it. */
    record Drawn(PathStatus status, double cost, int[] path, boolean anyAngle, int[] expanded, int expandedCount) {}

    @Override
    public Integer call() {
        if (!Files.isRegularFile(map)) {
            throw new IllegalArgumentException("map file " + map + " does not exist");
        }
        Cell start = parseCell("--from", from);
        Cell goal = parseCell("--to", to);
        String name = checkedAlgorithm(alg);
        Path target = out != null
                ? out
                : Path.of(map.getFileName().toString().replaceFirst("\\.map$", "") + "." + name + ".png");
        String lower = target.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!lower.endsWith(".png") && !lower.endsWith(".svg")) {
            throw new IllegalArgumentException("--out '" + target + "' must end in .png or .svg");
        }
        MovingAiMap parsed = MovingAiMap.read(map);
        try (Grid grid = parsed.toGrid()) {
            checkEnd("--from", start, grid);
            checkEnd("--to", goal, grid);
            Drawn d = search(grid, name, start, goal);
            MapPicture picture = new MapPicture(grid, d.path(), d.anyAngle(), d.expanded());
            picture.write(target);
            PrintWriter o = spec.commandLine().getOut();
            String scale = picture.cellsPerPixel > 1
                    ? picture.cellsPerPixel + " cells per pixel"
                    : picture.pixelsPerCell + " pixels per cell";
            if (json) {
                o.println("{\"picture\":" + Json.string(target.toString()) + ",\"pixelWidth\":"
                        + picture.pixelWidth() + ",\"pixelHeight\":" + picture.pixelHeight()
                        + ",\"pixelsPerCell\":" + picture.pixelsPerCell + ",\"cellsPerPixel\":"
                        + picture.cellsPerPixel + ",\"map\":" + Json.string(map.toString()) + ",\"width\":"
                        + grid.width() + ",\"height\":" + grid.height() + ",\"alg\":" + Json.string(name)
                        + ",\"from\":[" + start.x() + "," + start.y() + "],\"to\":[" + goal.x() + "," + goal.y()
                        + "],\"status\":" + Json.string(d.status().name().toLowerCase(Locale.ROOT))
                        + ",\"cost\":" + (d.status() == PathStatus.FOUND ? Json.number(d.cost()) : "null")
                        + ",\"pathCells\":" + d.path().length + ",\"expanded\":" + d.expandedCount() + "}");
                o.flush();
                return 0;
            }
            o.printf(
                    Locale.ROOT,
                    "wrote %s: %d x %d pixels (%s) of %s, %d x %d cells%n",
                    target,
                    picture.pixelWidth(),
                    picture.pixelHeight(),
                    scale,
                    map.getFileName(),
                    grid.width(),
                    grid.height());
            o.printf(
                    Locale.ROOT,
                    "%s %s -> %s: %s, cost %s, %d path cells, %d expanded%n",
                    name,
                    start,
                    goal,
                    d.status().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    d.status() == PathStatus.FOUND ? String.format(Locale.ROOT, "%.6f", d.cost()) : "-",
                    d.path().length,
                    d.expandedCount());
            o.println(MapPicture.LEGEND);
            return 0;
        }
    }

    /** "X,Y" as a cell; a one-line error naming the option and the value otherwise. */
    static Cell parseCell(String option, String text) {
        String[] parts = text.split(",", -1);
        if (parts.length == 2) {
            try {
                return new Cell(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
            } catch (NumberFormatException e) {
                // reported below
            }
        }
        throw new IllegalArgumentException(
                option + " '" + text + "' is not a cell X,Y (two integers, column then row)");
    }

    private void checkEnd(String option, Cell cell, Grid grid) {
        if (!grid.contains(cell.x(), cell.y())) {
            throw new IllegalArgumentException(option + " " + cell + " is outside the " + grid.width() + " x "
                    + grid.height() + " map " + map.getFileName());
        }
        if (!grid.isWalkable(cell.x(), cell.y())) {
            throw new IllegalArgumentException(option + " " + cell + " is a wall of " + map.getFileName());
        }
    }

    /** One known search name; a one-line error otherwise. */
    static String checkedAlgorithm(String name) {
        if (name.contains(",")) {
            throw new IllegalArgumentException("--alg '" + name + "' names more than one algorithm; render draws one");
        }
        String known = Algorithms.parse(name).getFirst().name();
        if (known.equals("flow")) {
            throw new IllegalArgumentException(
                    "--alg flow fills the whole map and has no search to draw; use a path search");
        }
        return known;
    }

    /** Runs the named search with its expansions recorded. */
    static Drawn search(Grid grid, String name, Cell start, Cell goal) {
        GridOptions.Builder tierOne = GridOptions.builder().recordExpansions(true);
        switch (name) {
            case "astar" -> tierOne.algorithm(GridAlgorithm.ASTAR);
            case "jps" -> tierOne.algorithm(GridAlgorithm.JPS);
            case "jpsplus" -> tierOne.algorithm(GridAlgorithm.JPS_PLUS);
            case "theta" -> tierOne.algorithm(GridAlgorithm.THETA_STAR);
            case "lazytheta" -> tierOne.algorithm(GridAlgorithm.LAZY_THETA_STAR);
            // the generic cores of scen's generic-* rows, through the tier-1 switch that selects them
            case "generic-astar" -> tierOne.algorithm(GridAlgorithm.ASTAR).specializedEngines(false);
            case "generic-jps" -> tierOne.algorithm(GridAlgorithm.JPS).specializedEngines(false);
            case "generic-jpsplus" -> tierOne.algorithm(GridAlgorithm.JPS_PLUS).specializedEngines(false);
            case "jps-improved", "jpsplus-improved" -> {
                return improved(grid, name.equals("jps-improved"), start, goal);
            }
            default -> throw new IllegalArgumentException("--alg '" + name + "' cannot be drawn");
        }
        GridPath p = grid.findPath(start, goal, tierOne.build());
        int[] expanded = new int[p.expandedCells().size()];
        for (int i = 0; i < expanded.length; i++) {
            Cell c = p.expandedCells().get(i);
            expanded[i] = c.y() * grid.width() + c.x();
        }
        return new Drawn(p.status(), p.cost(), p.cellIndices(), p.isAnyAngle(), expanded, p.expandedCount());
    }

    private static Drawn improved(Grid grid, boolean blocks, Cell start, Cell goal) {
        int w = grid.width();
        try (OctileMap neighbours = new OctileMap(grid)) {
            if (blocks) {
                try (BlockMap map = new BlockMap(grid);
                        OctileJump<BitFinder> search = new OctileJump<>(grid, new BitFinder(map, neighbours), true)) {
                    return run(search, start.y() * w + start.x(), goal.y() * w + goal.x());
                }
            }
            try (JpsPlusIndex index = new JpsPlusIndex(grid);
                    OctileJump<TableFinder> search = new OctileJump<>(grid, new TableFinder(index, neighbours), true)) {
                return run(search, start.y() * w + start.x(), goal.y() * w + goal.x());
            }
        }
    }

    private static Drawn run(OctileJump<?> search, int start, int goal) {
        search.recordExpansions(true);
        search.tryBegin(start, goal);
        SearchStatus s = search.step(Integer.MAX_VALUE);
        PathStatus status = s == SearchStatus.FOUND ? PathStatus.FOUND : PathStatus.NO_PATH;
        int[] path = new int[0];
        if (status == PathStatus.FOUND) {
            path = new int[search.pathLength()];
            search.copyPath(path);
        }
        return new Drawn(
                status,
                status == PathStatus.FOUND ? search.pathCost() : Double.POSITIVE_INFINITY,
                path,
                false,
                search.expandedNodes(),
                search.expandedCount());
    }
}
