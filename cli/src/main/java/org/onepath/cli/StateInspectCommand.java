package org.onepath.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;
import org.onepath.state.OnePathFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code onepath state inspect}: decodes a state file by the format alone and prints its header
 * and fields, bulk data as counts. Bad bytes are one line naming the file, field, value, offset
 * and bound, exit status 2.
 */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        description = {
            "Decodes a version-1 state file and prints its header and fields.",
            "Cells, chunks and node lists are summarised as counts. Grid, VoxelGrid, Graph and the A*, jump point, "
                    + "Theta* and graph A* searches are decoded and fully checked; other kinds show the header and the payload size.",
            "Invalid bytes: one line naming the field, value, offset and bound, exit status 2."
        })
final class StateInspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;

    @Parameters(paramLabel = "FILE", description = "The state file.")
    Path file;

    @Override
    public Integer call() {
        StateReport report = inspect(file);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(report.toJson());
        } else {
            out.print(report.toText());
        }
        out.flush();
        return 0;
    }

    /**
     * Maps the file and decodes it. Mapping rather than reading keeps a large grid's cells off the
     * heap, and the segment is unmapped when the arena closes.
     *
     * @throws IllegalArgumentException naming the file and the problem (format errors included)
     */
    static StateReport inspect(Path file) {
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(file + ": is a folder; expected a state file");
        }
        try (Arena arena = Arena.ofConfined();
                FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MemorySegment data = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena);
            return StateInspector.inspect(data, file.toString());
        } catch (OnePathFormatException e) {
            // The format's message names field, value, offset and bound; the file is ours to add.
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file", e);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException(file + ": cannot read: permission denied", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
    }
}
