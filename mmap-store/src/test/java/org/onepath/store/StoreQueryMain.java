package org.onepath.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.VoxelPath;
import org.onepath.cells.Cell;

/**
 * Opens a grid store and a world store read-only, runs a fixed list of queries and prints one
 * line per query: {@code what status cost expanded path-hash}. Run in a second JVM by
 * {@link SharedStoreProcessTest}, which runs the same list in its own JVM and compares.
 *
 * <p>Arguments: grid store, world store.
 */
public final class StoreQueryMain {
    private StoreQueryMain() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: StoreQueryMain GRID_STORE WORLD_STORE");
            System.exit(2);
        }
        try (GridStore grid = GridStore.open(Path.of(args[0]));
                VoxelWorldStore world = VoxelWorldStore.open(Path.of(args[1]))) {
            for (String line : answers(grid.grid(), world.grid())) {
                System.out.println(line);
            }
        }
        System.out.flush();
    }

    /** The answers of the fixed queries, one line each. */
    static List<String> answers(Grid grid, VoxelGrid world) {
        List<String> out = new ArrayList<>();
        Random rnd = new Random(2024);
        for (int i = 0; i < 40; i++) {
            Cell a = new Cell(rnd.nextInt(grid.width()), rnd.nextInt(grid.height()));
            Cell b = new Cell(rnd.nextInt(grid.width()), rnd.nextInt(grid.height()));
            for (GridAlgorithm alg : GridAlgorithm.values()) {
                GridPath p =
                        grid.findPath(a, b, GridOptions.builder().algorithm(alg).build());
                out.add("grid " + alg + " " + a + "->" + b + " " + p.status() + " " + p.cost() + " " + p.expandedCount()
                        + " " + hash(p.cellIndices()));
            }
        }
        for (int i = 0; i < 20; i++) {
            VoxelCell a =
                    new VoxelCell(rnd.nextInt(world.sizeX()), rnd.nextInt(world.sizeY()), rnd.nextInt(world.sizeZ()));
            VoxelCell b =
                    new VoxelCell(rnd.nextInt(world.sizeX()), rnd.nextInt(world.sizeY()), rnd.nextInt(world.sizeZ()));
            VoxelPath p = world.findPath(a, b, VoxelOptions.DEFAULT);
            out.add("world " + a + "->" + b + " " + p.status() + " " + p.cost() + " " + p.expandedCount() + " "
                    + hash(p.nodeIndices()));
        }
        return out;
    }

    private static String hash(int[] path) {
        CRC32C crc = new CRC32C();
        for (int v : path) {
            crc.update(v >>> 24);
            crc.update(v >>> 16);
            crc.update(v >>> 8);
            crc.update(v);
        }
        return path.length + ":" + Long.toHexString(crc.getValue());
    }
}
