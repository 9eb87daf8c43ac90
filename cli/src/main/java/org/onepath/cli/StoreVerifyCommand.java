package org.onepath.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.onepath.store.GridStore;
import org.onepath.store.StoreFile;
import org.onepath.store.StoreLayout;
import org.onepath.store.VoxelWorldStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code onepath store verify}: reads every byte of a store and checks every checksum. */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        header = "Reads every byte of a store file and checks it.",
        description = {
            "Reads every byte of a store file: the checks of 'store inspect', then each section's checksum, "
                    + "the padding, and for a grid the cells against their fingerprint. Opening a store skips the big sections, "
                    + "since reading them would defeat the lazy mapping; this is the command that reads them.",
            "Exit status 0 when the file is sound, 2 with one line naming the first problem."
        })
final class StoreVerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The store file.")
    Path file;

    @Option(names = "--json", description = "Print one JSON object instead of a line.")
    boolean json;

    @Override
    public Integer call() {
        long t0 = System.nanoTime();
        int kind;
        long length;
        try (StoreFile directory = Stores.open(file, () -> StoreFile.open(file))) {
            kind = directory.kind();
            length = directory.fileLength();
        }
        PrintStream bar = Stores.terminalOrNull();
        try {
            if (kind == StoreLayout.KIND_GRID) {
                GridStore.verify(file, Stores.bar(bar, file.getFileName().toString()));
            } else {
                VoxelWorldStore.verify(file, Stores.bar(bar, file.getFileName().toString()));
            }
        } catch (IOException e) {
            throw Stores.failure(file, "cannot verify", e);
        } finally {
            Stores.clearBar(bar);
        }
        PrintWriter out = spec.commandLine().getOut();
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (json) {
            out.println("{\"file\":" + Json.string(file.toString()) + ",\"sound\":true,\"kind\":" + kind
                    + ",\"kindName\":" + Json.string(StoreLayout.kindName(kind)) + ",\"bytes\":" + length
                    + ",\"seconds\":" + Json.number(seconds) + "}");
            out.flush();
            return 0;
        }
        out.printf(
                Locale.ROOT,
                "%s: sound (%s, %d bytes read and checked in %.2f s)%n",
                file,
                StoreLayout.kindName(kind),
                length,
                seconds);
        out.flush();
        return 0;
    }
}
