package org.onepath.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.VoxelCell;
import org.onepath.VoxelGrid;
import org.onepath.VoxelOptions;
import org.onepath.cells.Cell;
import org.onepath.store.GridStore;
import org.onepath.store.StoreException;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.StoreProgress;
import org.onepath.store.VoxelWorldStore;

/**
 * {@code store}: the input is written to a file and opened as a store (grid or voxel world, as
 * its header says), queried, then verified. Opening or verifying may reject it with a
 * {@link StoreException} (fine); a store that verifies must have answered its queries without
 * throwing. Queries run before the verify on purpose: a store with flipped bits in a big section
 * opens (opening does not read big sections), and its queries may then fail only with an ordinary
 * exception, never crash the JVM or hang.
 *
 * <p>Most mutants fail a checksum, so a rejected input is tried a second time with every checksum
 * recomputed, and that attempt's outcome counts (sections, table, header, footer). That reaches the structural checks behind the
 * checksums: offsets, lengths, sizes, chunk refs, fingerprints. Such a file is consistent by
 * construction, so a mutated table in it verifies; its queries may then throw an ordinary
 * exception (a table is trusted once its fingerprint matches), but opening and verifying must
 * still end in success or a {@link StoreException}.
 */
public final class StoreTarget implements Target {
    /** Voxel queries stop after this many expansions, so a hostile world's size cannot stall a run. */
    private static final int VOXEL_BUDGET = 20_000;

    private final Path folder;
    private final Path file;

    public StoreTarget() {
        try {
            Path shm = Path.of("/dev/shm");
            this.folder = Files.isDirectory(shm) && Files.isWritable(shm)
                    ? Files.createTempDirectory(shm, "onepath-fuzz-store")
                    : Files.createTempDirectory("onepath-fuzz-store");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder for store inputs", e);
        }
        this.file = folder.resolve("input.opstore");
    }

    @Override
    public String name() {
        return "store";
    }

    /** A {@link StoreException}, by its class and the check its message names (and a state rejection, as every target). */
    @Override
    public String rejectionKey(Throwable thrown) {
        return thrown instanceof StoreException e ? Rejections.ofStore(e) : Target.super.rejectionKey(thrown);
    }

    @Override
    public void run(byte[] input) throws IOException {
        try {
            open(input, true);
        } catch (StoreException rejected) {
            byte[] repaired = StoreChecksums.repaired(input);
            if (repaired == null) {
                throw rejected;
            }
            open(repaired, false); // its outcome is the input's, so a run counts the checks behind the checksums
        }
    }

    /** @param strict whether a store that verifies must have answered its queries */
    private void open(byte[] input, boolean strict) throws IOException {
        Files.write(file, input);
        int kind;
        try (StoreFile directory = StoreFile.open(file)) {
            kind = directory.kind();
        }
        RuntimeException queryFailure = null;
        if (kind == StoreLayout.KIND_GRID) {
            try (GridStore store = GridStore.open(file)) {
                try {
                    queryGrid(store.grid());
                } catch (RuntimeException e) {
                    queryFailure = e;
                }
                store.verify(StoreProgress.NONE);
            }
        } else {
            try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
                try {
                    queryWorld(store.grid());
                } catch (RuntimeException e) {
                    queryFailure = e;
                }
                store.verify(StoreProgress.NONE);
            }
        }
        if (queryFailure != null && strict) {
            throw new AssertionError("a store that verifies failed a query: " + queryFailure, queryFailure);
        }
    }

    private static void queryGrid(Grid grid) {
        int w = grid.width();
        int h = grid.height();
        for (GridAlgorithm alg : GridAlgorithm.values()) {
            GridOptions options = GridOptions.builder().algorithm(alg).build();
            GridPath path = grid.findPath(new Cell(0, 0), new Cell(w - 1, h - 1), options);
            path.cells();
            grid.findPath(new Cell(w - 1, 0), new Cell(0, h - 1), options);
        }
        grid.maxAgentSizeAt(w / 2, h / 2);
    }

    private static void queryWorld(VoxelGrid world) {
        VoxelOptions options =
                VoxelOptions.builder().iterationBudget(VOXEL_BUDGET).build();
        int x = Math.min(world.sizeX() - 1, 12);
        int y = Math.min(world.sizeY() - 1, 12);
        int z = Math.min(world.sizeZ() - 1, 12);
        world.findPath(new VoxelCell(0, 0, 0), new VoxelCell(x, y, z), options);
        world.area(world.sizeX() - 1, world.sizeY() - 1, world.sizeZ() - 1);
    }

    /** Removes the input file and its folder. */
    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // A leftover temporary folder is harmless; the run's result is what matters.
        }
    }
}
