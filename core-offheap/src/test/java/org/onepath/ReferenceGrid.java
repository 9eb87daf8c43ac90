package org.onepath;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.onepath.cells.Cell;
import org.onepath.cells.DiagonalRule;

/**
 * A plain model of the square-grid rules, written from the definitions and sharing no code with
 * the library: cells, area multipliers, walkability for an agent size, the legal moves in the
 * normative order, their costs, and a quadratic Dijkstra over them.
 */
public final class ReferenceGrid {
    /** Area id of a wall. */
    public static final int WALL = 255;
    /** Length of a diagonal step. */
    public static final double DIAGONAL = Math.sqrt(2.0);

    /** N, E, S, W, NE, SE, SW, NW as (dx, dy). */
    private static final int[][] DIRECTIONS = {
        {0, -1}, {1, 0}, {0, 1}, {-1, 0},
        {1, -1}, {1, 1}, {-1, 1}, {-1, -1},
    };

    private final int width;
    private final int height;
    private final int[] areas;
    private final double[] multipliers = new double[255];

    public ReferenceGrid(int width, int height) {
        this.width = width;
        this.height = height;
        this.areas = new int[width * height];
        Arrays.fill(multipliers, 1.0);
    }

    /** Same picture format as {@link Grid#fromText}: '.' area 0, '#' wall, '1'-'9' that area. */
    public static ReferenceGrid parse(String picture) {
        String[] rows = picture.split("\n");
        ReferenceGrid g = new ReferenceGrid(rows[0].length(), rows.length);
        for (int y = 0; y < rows.length; y++) {
            for (int x = 0; x < rows[y].length(); x++) {
                char c = rows[y].charAt(x);
                g.setArea(x, y, c == '.' ? 0 : c == '#' ? WALL : c - '0');
            }
        }
        return g;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    public void setArea(int x, int y, int area) {
        areas[y * width + x] = area;
    }

    public int area(int x, int y) {
        return areas[y * width + x];
    }

    public void setMultiplier(int area, double multiplier) {
        multipliers[area] = multiplier;
    }

    public double multiplier(int area) {
        return multipliers[area];
    }

    /** The smallest multiplier of the 255 walkable areas. */
    public double minMultiplier() {
        double min = Double.POSITIVE_INFINITY;
        for (double m : multipliers) {
            min = Math.min(min, m);
        }
        return min;
    }

    /** A library grid holding the same cells and multipliers; the caller closes it. */
    public Grid toGrid() {
        Grid grid = Grid.create(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                grid.setArea(x, y, area(x, y));
            }
        }
        for (int a = 0; a < multipliers.length; a++) {
            if (multipliers[a] != 1.0) {
                grid.areas().set(a, multipliers[a]);
            }
        }
        return grid;
    }

    public boolean inside(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }

    /** Inside and not a wall. */
    public boolean open(int x, int y) {
        return inside(x, y) && area(x, y) != WALL;
    }

    /** Every cell of the size x size square with (x, y) as its top-left corner is open. */
    public boolean fits(int x, int y, int size) {
        for (int dy = 0; dy < size; dy++) {
            for (int dx = 0; dx < size; dx++) {
                if (!open(x + dx, y + dy)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Side of the largest open square with (x, y) as top-left corner, capped at 255. */
    public int clearance(int x, int y) {
        int s = 0;
        // a square of side s fits; side s + 1 also fits when the new bottom row and right column are open
        while (s < 255 && borderOpen(x, y, s)) {
            s++;
        }
        return s;
    }

    private boolean borderOpen(int x, int y, int s) {
        for (int i = 0; i <= s; i++) {
            if (!open(x + s, y + i) || !open(x + i, y + s)) {
                return false;
            }
        }
        return true;
    }

    /** Cost of a step between two cells: length * ((m[a] + m[b]) * 0.5). */
    public double stepCost(int ax, int ay, int bx, int by) {
        double length = (ax != bx && ay != by) ? DIAGONAL : 1.0;
        return length * ((multipliers[area(ax, ay)] + multipliers[area(bx, by)]) * 0.5);
    }

    /** A legal move: target cell and cost. */
    public record Move(int x, int y, double cost) {}

    /** The legal moves out of (x, y) in the normative order. */
    public List<Move> moves(int x, int y, boolean eight, DiagonalRule rule, int size) {
        List<Move> out = new ArrayList<>();
        int directions = eight ? 8 : 4;
        for (int d = 0; d < directions; d++) {
            int tx = x + DIRECTIONS[d][0];
            int ty = y + DIRECTIONS[d][1];
            if (isMove(x, y, tx, ty, eight, rule, size)) {
                out.add(new Move(tx, ty, stepCost(x, y, tx, ty)));
            }
        }
        return out;
    }

    /** Whether (ax, ay) -> (bx, by) is a legal single move; the start's own walkability is not checked. */
    public boolean isMove(int ax, int ay, int bx, int by, boolean eight, DiagonalRule rule, int size) {
        int dx = bx - ax;
        int dy = by - ay;
        if (Math.abs(dx) > 1 || Math.abs(dy) > 1 || (dx == 0 && dy == 0)) {
            return false;
        }
        if (!fits(bx, by, size)) {
            return false;
        }
        if (dx == 0 || dy == 0) {
            return true;
        }
        if (!eight) {
            return false;
        }
        // The two cells sharing an edge with both the start and the target.
        boolean side1 = fits(ax + dx, ay, size);
        boolean side2 = fits(ax, ay + dy, size);
        return switch (rule) {
            case NO_CORNER_CUTTING -> side1 && side2;
            case NO_SQUEEZING -> side1 || side2;
            case ALLOW_ALL -> true;
        };
    }

    /** Shortest distances from a start cell to every cell (+infinity when unreachable), O(n^2). */
    public double[] distancesFrom(int sx, int sy, boolean eight, DiagonalRule rule, int size) {
        int n = width * height;
        double[] dist = new double[n];
        boolean[] done = new boolean[n];
        Arrays.fill(dist, Double.POSITIVE_INFINITY);
        dist[sy * width + sx] = 0.0;
        while (true) {
            int best = -1;
            for (int i = 0; i < n; i++) {
                if (!done[i] && dist[i] < Double.POSITIVE_INFINITY && (best < 0 || dist[i] < dist[best])) {
                    best = i;
                }
            }
            if (best < 0) {
                return dist;
            }
            done[best] = true;
            for (Move m : moves(best % width, best / width, eight, rule, size)) {
                int t = m.y() * width + m.x();
                double alt = dist[best] + m.cost();
                if (alt < dist[t]) {
                    dist[t] = alt;
                }
            }
        }
    }

    /** Sum of the step costs along the cells in path order, starting from 0. */
    public double pathCost(List<Cell> cells) {
        double sum = 0.0;
        for (int i = 1; i < cells.size(); i++) {
            Cell a = cells.get(i - 1);
            Cell b = cells.get(i);
            sum += stepCost(a.x(), a.y(), b.x(), b.y());
        }
        return sum;
    }

    /** The picture of the cells, for failure messages. */
    public String picture() {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int a = area(x, y);
                sb.append(a == WALL ? "  #" : String.format("%3d", a));
            }
            sb.append('\n');
        }
        StringBuilder m = new StringBuilder();
        for (int a = 0; a < multipliers.length; a++) {
            if (multipliers[a] != 1.0) {
                m.append(' ').append(a).append('=').append(multipliers[a]);
            }
        }
        return width + " x " + height + " grid, multipliers:" + (m.isEmpty() ? " all 1" : m) + "\n" + sb;
    }

    @Override
    public String toString() {
        return picture();
    }
}
