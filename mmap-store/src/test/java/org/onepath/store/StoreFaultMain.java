package org.onepath.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.VoxelCell;
import org.onepath.VoxelOptions;
import org.onepath.cells.Cell;

/**
 * Opens a store, answers a query, then damages the file under the mapping and reads again
 * through the store's entry points. Prints one line, the outcome, and exits with
 * {@link #REPORTED} when the store reported a {@link StoreException} (and refused the store
 * afterwards), 0 when the read answered, 1 on any other throwable. A JVM that dies exits with
 * the signal's status (134 for SIGBUS's abort). Run by {@link MappedStoreFaultTest}.
 *
 * <p>Arguments: mode, store file. Modes: {@code truncate-query}, {@code truncate-verify},
 * {@code truncate-world}, {@code overwrite-jps-plus}, {@code overwrite-cells}.
 */
public final class StoreFaultMain {
    /** Exit status when the store reported the damage as its exception. */
    static final int REPORTED = 3;

    /** The length the truncating modes cut the file to: the header's page survives. */
    static final long TRUNCATED_LENGTH = 4096;

    private StoreFaultMain() {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        Path file = Path.of(args[1]);
        String line;
        int status;
        try {
            line = run(mode, file);
            status = 0;
        } catch (StoreException e) {
            line = e.getClass().getSimpleName() + ": " + e.getMessage();
            status = REPORTED;
        } catch (Throwable t) {
            line = t.getClass().getSimpleName() + ": " + t.getMessage();
            status = 1;
        }
        System.out.println(line);
        System.out.flush();
        System.exit(status);
    }

    private static String run(String mode, Path file) throws Exception {
        return switch (mode) {
            case "truncate-query", "truncate-verify", "overwrite-jps-plus", "overwrite-cells" -> grid(mode, file);
            case "truncate-world" -> world(file);
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        };
    }

    private static String grid(String mode, Path file) throws Exception {
        try (GridStore store = GridStore.open(file)) {
            int w = store.grid().width();
            int h = store.grid().height();
            Cell start = new Cell(1, 1);
            Cell goal = new Cell(w - 2, h - 2);
            GridOptions options = GridOptions.builder()
                    .algorithm(mode.equals("overwrite-jps-plus") ? GridAlgorithm.JPS_PLUS : GridAlgorithm.ASTAR)
                    .build();
            GridPath before = store.findPath(start, goal, options);
            // File times move by the kernel's clock tick: let one pass so an in-place write shows.
            Thread.sleep(50);
            switch (mode) {
                case "truncate-query", "truncate-verify" -> truncate(file);
                case "overwrite-jps-plus" -> overwrite(file, store.file().section(StoreLayout.SECTION_JPS_PLUS), 0x7F);
                default -> overwrite(file, store.file().section(StoreLayout.SECTION_CELLS), 0xFF);
            }
            if (mode.equals("truncate-verify")) {
                // the mapping opened above, read whole: every section's checksum
                store.file().verify(StoreProgress.NONE);
                return "verified";
            }
            GridPath after;
            try {
                after = store.findPath(start, goal, options);
            } catch (StoreException e) {
                refusedAgain(() -> store.findPath(start, goal, options), e);
                throw e;
            }
            String answer = "answered " + before.status() + " then " + after.status();
            try {
                GridStore.verify(file, StoreProgress.NONE);
            } catch (StoreException e) {
                return answer + "; verify: " + e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            return answer + "; verify passed";
        }
    }

    private static String world(Path file) throws Exception {
        try (VoxelWorldStore store = VoxelWorldStore.open(file)) {
            VoxelCell start = new VoxelCell(0, 0, 0);
            VoxelCell goal = new VoxelCell(
                    store.grid().sizeX() - 1,
                    store.grid().sizeY() - 1,
                    store.grid().sizeZ() - 1);
            store.findPath(start, goal, VoxelOptions.DEFAULT);
            truncate(file);
            try {
                return "answered "
                        + store.findPath(start, goal, VoxelOptions.DEFAULT).status();
            } catch (StoreException e) {
                refusedAgain(() -> store.findPath(start, goal, VoxelOptions.DEFAULT), e);
                throw e;
            }
        }
    }

    private interface Read {
        Object run() throws StoreException;
    }

    /** A store that reported a failure refuses the next read with the same kind of exception. */
    private static void refusedAgain(Read read, StoreException first) {
        try {
            read.run();
        } catch (StoreException e) {
            if (e.getClass() == first.getClass() && e.getMessage().contains("not read again")) {
                return;
            }
            throw new AssertionError("the second read threw " + e + " after " + first, e);
        }
        throw new AssertionError("the second read answered after " + first);
    }

    private static void truncate(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(TRUNCATED_LENGTH);
        }
    }

    private static void overwrite(Path file, StoreFile.Section section, int value) throws IOException {
        byte[] bytes = new byte[(int) section.length()];
        Arrays.fill(bytes, (byte) value);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                ch.write(buffer, section.offset() + buffer.position());
            }
        }
    }
}
