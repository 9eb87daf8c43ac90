package org.onepath.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.onepath.Grid;
import org.onepath.GridFlowField;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.cells.Cell;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cli.RoomsAndCorridors;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.flow.FlowField;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Flow fields on the 1024 x 1024 map of {@code onepath demo} (seed 1; every open cell reachable),
 * eight moves without corner cutting:
 *
 * <ul>
 *   <li>{@code wholeField}: the tier-2 field to one goal (16 goals in turn), every cell settled and
 *       every direction set.</li>
 *   <li>{@code repairAfterOneEdit} against {@code recomputeAfterOneEdit}: a tier-1 field hears one
 *       cell toggled (a wall, then open again next time, at cells spread over the map) and is
 *       brought up to date by {@code refresh()} (the incremental repair) or by {@code recompute()}.</li>
 *   <li>{@code agentsOnOneField} against {@code agentsByAStar}: 1,000 agents at random open cells
 *       going to one goal, served by one field (computed, then each agent's whole path copied
 *       out) or by 1,000 one-line A* queries (the specialised octile engine).</li>
 * </ul>
 * Ratios are taken between lines of one run; see {@code docs/performance.md}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class FlowFieldBenchmark {
    private static final int SIDE = 1024;
    private static final int AGENTS = 1000;

    private Grid grid;
    private FlowField<SquareTopology, DefaultStepCost> field;
    private GridFlowField tierOne;
    private int[] goals;
    private int[] starts;
    private int[] edits;
    private int[] path;
    private Cell agentGoal;
    private Cell[] agentStarts;
    private int next;

    @Setup
    public void setUp() {
        grid = RoomsAndCorridors.generate(SIDE, 1);
        SplittableRandom random = new SplittableRandom(5);
        goals = openCells(random, 16);
        starts = openCells(random, AGENTS);
        edits = openCells(random, 4096);
        agentGoal = new Cell(goals[0] % SIDE, goals[0] / SIDE);
        agentStarts = new Cell[AGENTS];
        for (int i = 0; i < AGENTS; i++) {
            agentStarts[i] = new Cell(starts[i] % SIDE, starts[i] / SIDE);
        }
        SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
        field = new FlowField<>(topology, DefaultStepCost.INSTANCE, goals[0]);
        tierOne = grid.createFlowField(java.util.List.of(agentGoal), GridOptions.DEFAULT);
        path = new int[SIDE * SIDE];
    }

    private int[] openCells(SplittableRandom random, int count) {
        int[] out = new int[count];
        for (int i = 0; i < count; ) {
            int x = random.nextInt(SIDE);
            int y = random.nextInt(SIDE);
            if (grid.isWalkable(x, y)) {
                out[i++] = y * SIDE + x;
            }
        }
        return out;
    }

    @TearDown
    public void tearDown() {
        tierOne.close();
        field.close();
        grid.close();
    }

    @Benchmark
    public int wholeField() {
        field.setGoals(goals[next++ & 15]);
        field.begin();
        field.run();
        return field.settled();
    }

    /** Toggles one cell: a wall at even calls, open again at the next. */
    private void toggle() {
        int cell = edits[(next >>> 1) & (edits.length - 1)];
        boolean wall = (next++ & 1) == 0;
        grid.setWalkable(cell % SIDE, cell / SIDE, !wall);
    }

    @Benchmark
    public int repairAfterOneEdit() {
        toggle();
        tierOne.refresh();
        return tierOne.settled();
    }

    @Benchmark
    public int recomputeAfterOneEdit() {
        toggle();
        tierOne.recompute();
        return tierOne.settled();
    }

    @Benchmark
    public long agentsOnOneField() {
        field.setGoals(goals[0]);
        field.begin();
        field.run();
        long cells = 0;
        for (int s : starts) {
            cells += field.copyPath(s, path);
        }
        return cells;
    }

    @Benchmark
    public long agentsByAStar() {
        long cells = 0;
        for (Cell s : agentStarts) {
            GridPath p = grid.findPath(s, agentGoal);
            cells += p.length();
        }
        return cells;
    }
}
