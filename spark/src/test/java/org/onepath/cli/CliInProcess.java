package org.onepath.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Runs {@code onepath} in this JVM, as its own tests do, so the jobs' results are compared with
 * the command's own (the reference is the command, not a copy of its rules). In the command's
 * package because its entry point with captured streams is package-private.
 */
public final class CliInProcess {
    private CliInProcess() {}

    /**
     * Runs the command and returns its standard output.
     *
     * @throws AssertionError if it exits with a status other than 0
     */
    public static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status;
        try (PrintWriter o = new PrintWriter(out);
                PrintWriter e = new PrintWriter(err)) {
            status = OnePathCli.execute(args, o, e);
        }
        if (status != 0) {
            throw new AssertionError("onepath " + String.join(" ", args) + " exited " + status + "\n" + err + out);
        }
        return out.toString();
    }
}
