package org.onepath.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.onepath.Grid;
import org.onepath.io.MovingAiMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code onepath state grid}: reads a Moving AI {@code .map} and writes the grid's state (kind 1).
 * The file appears whole or not at all: the bytes go to a temporary file beside it, which is
 * synced and then renamed into place.
 */
@Command(
        name = "grid",
        mixinStandardHelpOptions = true,
        description = {
            "Reads a Moving AI .map file and writes the grid's state (kind 1) to FILE.",
            "The file is written beside FILE first and moved into place, so it is never seen half-written.",
            "An existing FILE is kept unless --force is given."
        })
final class StateGridCommand implements Callable<Integer> {
    /** Temporary names tried before giving up; a clash needs a 64-bit random collision. */
    private static final int TEMP_ATTEMPTS = 16;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "MAP", description = "The Moving AI .map file.")
    Path map;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Where the state goes.")
    Path out;

    @Option(names = "--force", description = "Replace FILE if it exists.")
    boolean force;

    @Override
    public Integer call() {
        // Checked before the map is read, so a refusal costs nothing. Another process could still
        // create FILE before the move; a CLI accepts that window rather than locking the folder.
        if (Files.isDirectory(out)) {
            throw new IllegalArgumentException(out + ": is a folder; expected a file to write the state to");
        }
        if (!force && Files.exists(out, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(out + ": already exists; pass --force to replace it");
        }
        if (Files.isDirectory(map)) {
            throw new IllegalArgumentException(map + ": is a folder; expected a Moving AI .map file");
        }
        if (!Files.exists(map)) {
            throw new IllegalArgumentException(map + ": no such file");
        }
        MovingAiMap parsed = MovingAiMap.read(map);
        byte[] state;
        try (Grid grid = parsed.toGrid()) {
            state = grid.saveState();
        }
        writeAtomically(out, state, force);
        PrintWriter o = spec.commandLine().getOut();
        o.println("wrote " + out + ": " + state.length + " bytes, grid " + parsed.width() + " x " + parsed.height()
                + " (from " + map + ")");
        o.flush();
        return 0;
    }

    /**
     * Writes {@code bytes} to {@code target} so that it holds either its old content or all of the
     * new: a temporary file in the same folder (a rename across file systems is a copy) is written,
     * forced to disk and moved into place atomically where the file system can, else by an
     * ordinary move. On any failure the temporary file is removed.
     *
     * @param replace whether an existing target may be replaced (used only when an atomic move is
     *                not supported; an atomic rename always replaces)
     * @throws UncheckedIOException naming the target and the reason
     */
    static void writeAtomically(Path target, byte[] bytes, boolean replace) {
        Path folder = target.toAbsolutePath().getParent();
        Path temp = null;
        boolean moved = false;
        try {
            temp = createTemp(folder, target.getFileName().toString());
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                // Without this a crash after the rename could leave the new name on empty blocks.
                channel.force(true);
            }
            move(temp, target, replace);
            moved = true;
        } catch (IOException e) {
            throw new UncheckedIOException(target + ": cannot write: " + reason(e, folder), e);
        } finally {
            if (temp != null && !moved) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // The write's own failure is the one to report; a stray temp file is named by it.
                }
            }
        }
    }

    /**
     * A new empty file beside the target. Not {@link Files#createTempFile}: that makes the file
     * owner-only, and the state file should get the folder's usual permissions.
     */
    private static Path createTemp(Path folder, String name) throws IOException {
        FileAlreadyExistsException clash = null;
        for (int i = 0; i < TEMP_ATTEMPTS; i++) {
            Path temp = folder.resolve("." + name + "."
                    + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                clash = e;
            }
        }
        throw new IOException("no free temporary name in " + folder + " after " + TEMP_ATTEMPTS + " tries", clash);
    }

    private static void move(Path temp, Path target, boolean replace) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            if (replace) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.move(temp, target);
            }
        }
    }

    /** The cause in words, without exception class names. */
    private static String reason(IOException e, Path folder) {
        if (e instanceof NoSuchFileException) {
            return "folder " + folder + " does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "the file appeared while writing; pass --force to replace it";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage();
    }
}
