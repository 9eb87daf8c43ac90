package org.onepath;

import java.util.ArrayDeque;
import java.util.Random;

/**
 * Generated map families for host-API checks: random walls, rooms with doors, mazes and caves,
 * each optionally painted with area costs (areas 1, 2 and 3 cost 0.5, 2 and 3.25).
 */
final class TestMaps {
    enum Kind {
        RANDOM,
        ROOM,
        MAZE,
        CAVE
    }

    private TestMaps() {}

    static Grid make(Kind kind, Random random, int w, int h, boolean areaCosts) {
        boolean[][] wall = switch (kind) {
            case RANDOM -> random(random, w, h);
            case ROOM -> rooms(random, w, h);
            case MAZE -> maze(random, w, h);
            case CAVE -> cave(random, w, h);
        };
        Grid grid = Grid.create(w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (wall[y][x]) {
                    grid.setArea(x, y, Grid.WALL);
                }
            }
        }
        if (areaCosts) {
            grid.areas().set(1, 0.5);
            grid.areas().set(2, 2.0);
            grid.areas().set(3, 3.25);
            for (int r = 2 + random.nextInt(4); r > 0; r--) {
                int rw = 1 + random.nextInt(Math.max(1, w / 2));
                int rh = 1 + random.nextInt(Math.max(1, h / 2));
                int rx = random.nextInt(w - rw + 1);
                int ry = random.nextInt(h - rh + 1);
                int area = 1 + random.nextInt(3);
                for (int y = ry; y < ry + rh; y++) {
                    for (int x = rx; x < rx + rw; x++) {
                        if (!wall[y][x]) {
                            grid.setArea(x, y, area);
                        }
                    }
                }
            }
        }
        return grid;
    }

    private static boolean[][] random(Random random, int w, int h) {
        int percent = random.nextInt(40);
        boolean[][] wall = new boolean[h][w];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                wall[y][x] = random.nextInt(100) < percent;
            }
        }
        return wall;
    }

    /** Rooms of 4..8 cells separated by one-cell walls, each wall segment with a door or two. */
    private static boolean[][] rooms(Random random, int w, int h) {
        boolean[][] wall = new boolean[h][w];
        int step = 5 + random.nextInt(4);
        for (int y = step; y < h; y += step) {
            for (int x = 0; x < w; x++) {
                wall[y][x] = true;
            }
        }
        for (int x = step; x < w; x += step) {
            for (int y = 0; y < h; y++) {
                wall[y][x] = true;
            }
        }
        // doors: in every wall segment between two crossings
        for (int y = step; y < h; y += step) {
            for (int x0 = 0; x0 < w; x0 += step) {
                int len = Math.min(step - 1, w - x0 - 1);
                if (len > 0) {
                    wall[y][x0 + 1 + random.nextInt(len)] = false;
                }
            }
        }
        for (int x = step; x < w; x += step) {
            for (int y0 = 0; y0 < h; y0 += step) {
                int len = Math.min(step - 1, h - y0 - 1);
                if (len > 0) {
                    wall[y0 + 1 + random.nextInt(len)][x] = false;
                }
            }
        }
        return wall;
    }

    /** A depth-first maze on the odd cells, corridors one cell wide, a few extra openings. */
    private static boolean[][] maze(Random random, int w, int h) {
        boolean[][] wall = new boolean[h][w];
        for (boolean[] row : wall) {
            java.util.Arrays.fill(row, true);
        }
        int cw = Math.max(1, (w + 1) / 2);
        int ch = Math.max(1, (h + 1) / 2);
        boolean[][] seen = new boolean[ch][cw];
        ArrayDeque<int[]> stack = new ArrayDeque<>();
        stack.push(new int[] {0, 0});
        seen[0][0] = true;
        wall[0][0] = false;
        int[][] dirs = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!stack.isEmpty()) {
            int[] c = stack.peek();
            int[] order = {0, 1, 2, 3};
            for (int i = 3; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            boolean moved = false;
            for (int k : order) {
                int nx = c[0] + dirs[k][0];
                int ny = c[1] + dirs[k][1];
                if (nx >= 0 && ny >= 0 && nx < cw && ny < ch && !seen[ny][nx] && 2 * nx < w && 2 * ny < h) {
                    seen[ny][nx] = true;
                    wall[c[1] * 2 + dirs[k][1]][c[0] * 2 + dirs[k][0]] = false;
                    wall[ny * 2][nx * 2] = false;
                    stack.push(new int[] {nx, ny});
                    moved = true;
                    break;
                }
            }
            if (!moved) {
                stack.pop();
            }
        }
        for (int i = (w * h) / 40; i > 0; i--) {
            wall[random.nextInt(h)][random.nextInt(w)] = false;
        }
        return wall;
    }

    /** Cellular-automaton caves: 45 % walls, then four rounds of the 5-of-9 rule. */
    private static boolean[][] cave(Random random, int w, int h) {
        boolean[][] wall = new boolean[h][w];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                wall[y][x] = random.nextInt(100) < 45;
            }
        }
        for (int round = 0; round < 4; round++) {
            boolean[][] next = new boolean[h][w];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int n = 0;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            int xx = x + dx;
                            int yy = y + dy;
                            if (xx < 0 || yy < 0 || xx >= w || yy >= h || wall[yy][xx]) {
                                n++;
                            }
                        }
                    }
                    next[y][x] = n >= 5;
                }
            }
            wall = next;
        }
        return wall;
    }
}
