package org.onepath.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.onepath.store.GridStore;
import org.onepath.store.StoreException;
import org.onepath.store.StoreProgress;
import org.onepath.store.VoxelWorldStore;

/** How the commands find, open and report on store files. */
final class Stores {
    /** File name ending of a store. */
    static final String EXTENSION = GridStore.EXTENSION;

    private Stores() {}

    /**
     * The store holding a map: {@code store} itself when it is a file, else the file named after
     * the map's base name in that folder ({@code brc000d.map} -> {@code brc000d.opstore}).
     */
    static Path storeFor(Path store, String mapFileName) {
        if (!Files.isDirectory(store)) {
            return store;
        }
        return store.resolve(GridStore.fileNameFor(mapFileName));
    }

    /** Opens the grid store of a map, checking it was baked from a map of that name. */
    static GridStore openGrid(Path store, String mapFileName) {
        Path file = storeFor(store, mapFileName);
        GridStore opened = open(file, () -> GridStore.open(file));
        if (!opened.name().equals(mapFileName)) {
            opened.close();
            throw new IllegalArgumentException(
                    file + ": holds map '" + opened.name() + "', the scenarios need '" + mapFileName + "'");
        }
        return opened;
    }

    /** Opens the world store of a voxel map, checking it was written from a map of that name. */
    static VoxelWorldStore openWorld(Path store, String mapFileName) {
        Path file = storeFor(store, mapFileName);
        VoxelWorldStore opened = open(file, () -> VoxelWorldStore.open(file));
        if (!opened.name().equals(mapFileName)) {
            opened.close();
            throw new IllegalArgumentException(
                    file + ": holds world '" + opened.name() + "', the scenarios need '" + mapFileName + "'");
        }
        return opened;
    }

    interface Opener<T> {
        T open() throws IOException;
    }

    /** Runs a query through a store's entry point, its store failure as one line naming the file. */
    static <T> T guarded(Path file, Opener<T> query) {
        try {
            return query.open();
        } catch (IOException e) {
            throw failure(file, "cannot read", e);
        }
    }

    /** Runs an opener, turning an I/O failure into one line that names the file. */
    static <T> T open(Path file, Opener<T> opener) {
        try {
            return opener.open();
        } catch (IOException e) {
            throw failure(file, "cannot open", e);
        }
    }

    /** An I/O failure as an unchecked exception whose message is one line naming the file. */
    static UncheckedIOException failure(Path file, String doing, IOException e) {
        if (e instanceof StoreException) {
            return new UncheckedIOException(e.getMessage(), e);
        }
        return new UncheckedIOException(file + ": " + doing + ": " + reason(e), e);
    }

    /** The cause in words, without exception class names. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException n) {
            return n.getReason() != null ? n.getReason() : "no such file or folder";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage();
    }

    /**
     * A progress bar on a terminal: one line redrawn in place, at most every 100 ms; null when
     * {@code out} is null (not a terminal), so nothing is printed.
     */
    static StoreProgress bar(PrintStream out, String label) {
        if (out == null) {
            return StoreProgress.NONE;
        }
        return new StoreProgress() {
            private long last;

            @Override
            public void update(String phase, long done, long total) {
                long now = System.nanoTime();
                if (now - last < 100_000_000L && done != total) {
                    return;
                }
                last = now;
                String text;
                if (total > 0) {
                    int width = 30;
                    int filled = (int) (width * Math.min(1.0, (double) done / total));
                    text = String.format(
                            Locale.ROOT,
                            "%s %s [%s%s] %3d%%",
                            label,
                            phase,
                            "#".repeat(filled),
                            " ".repeat(width - filled),
                            (int) (100.0 * done / total));
                } else {
                    text = label + " " + phase + "...";
                }
                out.print("\r" + text + "   ");
                out.flush();
            }
        };
    }

    /** Clears the bar's line. */
    static void clearBar(PrintStream out) {
        if (out != null) {
            out.print("\r" + " ".repeat(78) + "\r");
            out.flush();
        }
    }

    static PrintStream terminalOrNull() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal() ? System.err : null;
    }
}
