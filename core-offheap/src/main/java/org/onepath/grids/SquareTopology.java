package org.onepath.grids;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridCellsLayout;
import org.onepath.cells.GridMath;
import org.onepath.cells.SquareCells;

/**
 * Moves on a square {@link SquareCells} for one agent size, connectivity and diagonal rule (tier 2).
 *
 * <p>Neighbour order (normative): north, east, south, west, then, if eight-connected,
 * north-east, south-east, south-west, north-west. A cell is walkable for agent size s when its
 * true clearance is at least s; every movement rule applies to that predicate, so a diagonal
 * move tests its beside cells for size s. The cost of a move a -&gt; b is
 * {@code length * ((m[a] + m[b]) * 0.5)} with length 1 or {@link GridMath#SQRT2}, m the area
 * multipliers of the two position cells.
 *
 * <p>Reads the grid's live cells and multipliers. For agent sizes above 1 it reads the clearance
 * that was current when it was created: create a new topology after editing cells.
 */
public final class SquareTopology implements GridTopology {
    private static final ValueLayout.OfByte BYTE = GridCellsLayout.CELL;

    private final SquareCells grid;
    private final int width;
    private final int height;
    private final int agentSize;
    private final boolean eight;
    private final DiagonalRule rule;
    private final MemorySegment cells;
    private final MemorySegment clearance;
    private final AreaCosts areas;

    /**
     * The moves of an agent on a square grid's live cells.
     *
     * @param grid         the cells to read; the topology holds it, it does not own it
     * @param agentSize    the agent's side in cells, 1..255; above 1 the clearance is read now
     * @param connectivity four or eight moves
     * @param rule         when a diagonal move is legal
     * @throws IllegalArgumentException if the agent size is outside 1..255
     */
    public SquareTopology(SquareCells grid, int agentSize, Connectivity connectivity, DiagonalRule rule) {
        this.grid = Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(connectivity, "connectivity");
        this.rule = Objects.requireNonNull(rule, "rule");
        if (agentSize < 1 || agentSize > SquareCells.MAX_AGENT_SIZE) {
            throw new IllegalArgumentException("agent size " + agentSize + " is outside 1..255");
        }
        this.width = grid.width();
        this.height = grid.height();
        this.agentSize = agentSize;
        this.eight = connectivity == Connectivity.EIGHT;
        this.cells = grid.cells();
        this.clearance = agentSize > 1 ? grid.clearance() : null;
        this.areas = grid.areas();
    }

    /**
     * The cells this topology reads.
     *
     * @return the grid given at construction
     */
    public SquareCells grid() {
        return grid;
    }

    /**
     * The grid's columns.
     *
     * @return the width in cells
     */
    public int width() {
        return width;
    }

    /**
     * The grid's rows.
     *
     * @return the height in cells
     */
    public int height() {
        return height;
    }

    /**
     * The agent's side in cells.
     *
     * @return the agent size, 1..255
     */
    public int agentSize() {
        return agentSize;
    }

    /**
     * Four or eight moves.
     *
     * @return the connectivity, not null
     */
    public Connectivity connectivity() {
        return eight ? Connectivity.EIGHT : Connectivity.FOUR;
    }

    /**
     * When a diagonal move is legal.
     *
     * @return the rule, not null
     */
    public DiagonalRule diagonalRule() {
        return rule;
    }

    @Override
    public int nodeCount() {
        return width * height;
    }

    @Override
    public int maxDegree() {
        return eight ? 8 : 4;
    }

    @Override
    public boolean isWalkable(int node) {
        if (node < 0 || node >= width * height) {
            return false;
        }
        return walkable(node);
    }

    @Override
    public int neighbors(int node, int[] nodes, double[] costs) {
        final int w = width;
        final int x = node % w;
        final int y = node / w;
        final AreaCosts m = areas;
        final double mNode = m.multiplierOf(area(node));
        final boolean hasN = y > 0;
        final boolean hasE = x < w - 1;
        final boolean hasS = y < height - 1;
        final boolean hasW = x > 0;
        final boolean n = hasN && walkable(node - w);
        final boolean e = hasE && walkable(node + 1);
        final boolean s = hasS && walkable(node + w);
        final boolean wv = hasW && walkable(node - 1);
        int k = 0;
        if (n) {
            k = put(nodes, costs, k, node - w, (mNode + m.multiplierOf(area(node - w))) * 0.5);
        }
        if (e) {
            k = put(nodes, costs, k, node + 1, (mNode + m.multiplierOf(area(node + 1))) * 0.5);
        }
        if (s) {
            k = put(nodes, costs, k, node + w, (mNode + m.multiplierOf(area(node + w))) * 0.5);
        }
        if (wv) {
            k = put(nodes, costs, k, node - 1, (mNode + m.multiplierOf(area(node - 1))) * 0.5);
        }
        if (eight) {
            if (hasN && hasE && allowed(n, e)) {
                k = diagonal(nodes, costs, k, node - w + 1, mNode);
            }
            if (hasS && hasE && allowed(s, e)) {
                k = diagonal(nodes, costs, k, node + w + 1, mNode);
            }
            if (hasS && hasW && allowed(s, wv)) {
                k = diagonal(nodes, costs, k, node + w - 1, mNode);
            }
            if (hasN && hasW && allowed(n, wv)) {
                k = diagonal(nodes, costs, k, node - w - 1, mNode);
            }
        }
        return k;
    }

    private int diagonal(int[] nodes, double[] costs, int k, int target, double mNode) {
        if (!walkable(target)) {
            return k;
        }
        return put(nodes, costs, k, target, GridMath.SQRT2 * ((mNode + areas.multiplierOf(area(target))) * 0.5));
    }

    private boolean allowed(boolean side1, boolean side2) {
        return switch (rule) {
            case NO_CORNER_CUTTING -> side1 && side2;
            case NO_SQUEEZING -> side1 || side2;
            case ALLOW_ALL -> true;
        };
    }

    private static int put(int[] nodes, double[] costs, int k, int node, double cost) {
        nodes[k] = node;
        costs[k] = cost;
        return k + 1;
    }

    private int area(int node) {
        return cells.get(BYTE, node) & 0xFF;
    }

    private boolean walkable(int node) {
        if (agentSize == 1) {
            return cells.get(BYTE, node) != GridCellsLayout.WALL_BYTE;
        }
        return (clearance.get(BYTE, node) & 0xFF) >= agentSize;
    }
}
