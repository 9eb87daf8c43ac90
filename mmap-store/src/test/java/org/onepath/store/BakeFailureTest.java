package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;

/**
 * A bake that runs out of room, in a child JVM: into a 1 MiB tmpfs (when this runs as root and
 * may mount one), and under a file size limit ({@code ulimit -f}), which needs no privilege.
 * Either way the child reports an {@link IOException} naming the target, how far the write got
 * and that the previous store is unchanged; the previous store is byte for byte what it was, and
 * no temporary file is left.
 *
 * <p>This fails without the writer's temporary file (a bake in place would leave the target cut
 * short), without deleting that file on failure (a {@code .NAME.*.tmp} would remain) and without
 * the wrapping of the write's error (the line would say only "No space left on device").
 */
class BakeFailureTest {
    /** Small enough to fit, with room to spare, in the 1 MiB file system and under the limit. */
    private static final int OLD_SIDE = 100;
    /** About 4.9 MB baked: more than either leaves room for. */
    private static final int NEW_SIDE = 500;
    /** The file size limit, in the 1024-byte blocks of bash's {@code ulimit -f}. */
    private static final int LIMIT_BLOCKS = 512;

    @TempDir
    Path dir;

    @Test
    void bakeIntoAFullFileSystemLeavesThePreviousStore() throws Exception {
        assumeTrue(isLinux(), "a tmpfs mount needs Linux; this is " + System.getProperty("os.name"));
        String uid = run("id", "-u").output().trim();
        assumeTrue(uid.equals("0"), "mounting a tmpfs needs root; this runs as uid " + uid);
        Path mount = Files.createDirectory(dir.resolve("tmpfs"));
        Result mounted = run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString());
        assumeTrue(
                mounted.status() == 0,
                "mount -t tmpfs -o size=1m tmpfs " + mount + " failed (a container without the right to mount?): "
                        + mounted);
        try {
            Path file = mount.resolve("full.opstore");
            ChildProcess.Outcome o = bakeOverOld(file, List.of());
            assertFailedCleanly(file, o, "No space left on device");
        } finally {
            Result unmounted = run("umount", mount.toString());
            assertEquals(0, unmounted.status(), "umount " + mount + ": " + unmounted);
        }
    }

    @Test
    void bakeOverAFileSizeLimitLeavesThePreviousStore() throws Exception {
        assumeTrue(
                isLinux(),
                "the file size limit is set with bash's ulimit on Linux; this is " + System.getProperty("os.name"));
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no /bin/bash to set the file size limit with");
        Path file = dir.resolve("limited.opstore");
        ChildProcess.Outcome o = bakeOverOld(file, List.of("ulimit -f " + LIMIT_BLOCKS));
        assertFailedCleanly(file, o, "File too large");
    }

    /** Bakes the old store here, then a bigger one over it in a child behind {@code shellSetup}. */
    private ChildProcess.Outcome bakeOverOld(Path file, List<String> shellSetup) throws Exception {
        try (Grid old = BakeOnceMain.grid(OLD_SIDE, 1)) {
            GridStore.bake(old, BakeOnceMain.name(1), file);
        }
        byte[] before = Files.readAllBytes(file);
        assertTrue(before.length < 300_000, "the old store takes " + before.length + " bytes");
        List<String> command = ChildProcess.command(
                dir, List.of(), BakeOnceMain.class, file.toString(), Integer.toString(NEW_SIDE), "2", "1");
        if (!shellSetup.isEmpty()) {
            StringBuilder script = new StringBuilder();
            for (String s : shellSetup) {
                script.append(s).append(" && ");
            }
            script.append("exec");
            for (String arg : command) {
                script.append(" '").append(arg.replace("'", "'\\''")).append('\'');
            }
            command = List.of("/bin/bash", "-c", script.toString());
        }
        ChildProcess.Outcome o = ChildProcess.run(command, 60);
        assertArrayEquals(before, Files.readAllBytes(file), "the previous store changed; " + o.describe());
        try (GridStore store = GridStore.open(file)) {
            store.verify(StoreProgress.NONE);
            assertEquals(BakeOnceMain.name(1), store.name());
        }
        return o;
    }

    private static void assertFailedCleanly(Path file, ChildProcess.Outcome o, String reason) throws IOException {
        assertEquals(BakeOnceMain.FAILED, o.status(), o.describe());
        Pattern line = Pattern.compile(Pattern.quote("IOException: cannot write " + file + ": " + reason + " after ")
                + "\\d+ of \\d+"
                + Pattern.quote(" bytes (written to ." + file.getFileName() + ".")
                + "[0-9a-f]+"
                + Pattern.quote(".tmp, now deleted); the previous " + file.getFileName() + " is unchanged"));
        assertTrue(line.matcher(o.line()).matches(), o.describe());
        try (Stream<Path> files = Files.list(file.getParent())) {
            List<String> names =
                    files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of(file.getFileName().toString()), names, "files beside the store");
        }
    }

    private static boolean isLinux() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    }

    /** A command's exit status (-1 when it did not end in 30 s) and its output. */
    private record Result(int status, String output) {}

    private static Result run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, out);
        }
        return new Result(p.exitValue(), out);
    }
}
