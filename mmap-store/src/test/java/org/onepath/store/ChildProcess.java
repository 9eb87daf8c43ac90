package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM running one of the test mains, its output drained on threads and its end awaited
 * with a limit. A JVM that dies writes its crash report into the given folder, not the module's.
 */
final class ChildProcess {
    /** How a child ended: its exit status and what it printed. */
    record Outcome(int status, String stdout, String stderr) {
        /** The last line of stdout, or "" when it printed none. */
        String line() {
            List<String> lines = stdout.lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }

        /** Everything it printed, for failure messages. */
        String describe() {
            return "exit status " + status + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    private ChildProcess() {}

    /** The command running {@code main} with these JVM options and arguments. */
    static List<String> command(Path crashFolder, List<String> jvmOptions, Class<?> main, String... args) {
        List<String> command = new ArrayList<>(StoreTestSupport.childCommand(main, args));
        List<String> options = new ArrayList<>(jvmOptions);
        options.add("-XX:ErrorFile=" + crashFolder.resolve("hs_err_pid%p.log"));
        command.addAll(1, options);
        return command;
    }

    static Process start(List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        Process child = pb.start();
        child.getOutputStream().close();
        return child;
    }

    /** Runs a command to its end, within {@code seconds}. */
    static Outcome run(List<String> command, int seconds) throws IOException, InterruptedException {
        Process child = start(command);
        return await(child, seconds);
    }

    /** Waits for a started child, killing it after {@code seconds}. */
    static Outcome await(Process child, int seconds) throws InterruptedException {
        SharedStoreProcessTest.Drain out = new SharedStoreProcessTest.Drain(child.getInputStream());
        SharedStoreProcessTest.Drain err = new SharedStoreProcessTest.Drain(child.getErrorStream());
        boolean done = child.waitFor(seconds, TimeUnit.SECONDS);
        if (!done) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        Outcome outcome = new Outcome(child.exitValue(), out.text(), err.text());
        assertTrue(done, "the child did not end within " + seconds + " s: " + outcome.describe());
        return outcome;
    }
}
