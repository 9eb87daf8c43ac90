package org.onepath.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/** One run of {@code onepath} through {@link OnePathCli#execute}, with both streams captured. */
record CliRun(int status, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status;
        try (PrintWriter o = new PrintWriter(out);
                PrintWriter e = new PrintWriter(err)) {
            status = OnePathCli.execute(args, o, e);
        }
        return new CliRun(status, out.toString(), err.toString());
    }

    /** The class path of this test run (its module path too), for a child JVM running the command. */
    static String classPath() {
        StringBuilder cp = new StringBuilder();
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                cp.append(cp.isEmpty() ? "" : java.io.File.pathSeparator).append(value);
            }
        }
        return cp.toString();
    }

    /** The java executable of this test run, for a child JVM. */
    static String javaCommand() {
        return ProcessHandle.current()
                .info()
                .command()
                .orElse(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString());
    }

    /** Non-empty lines of standard output. */
    List<String> outLines() {
        return out.lines().filter(l -> !l.isBlank()).toList();
    }

    /** Non-empty lines of standard error. */
    List<String> errLines() {
        return err.lines().filter(l -> !l.isBlank()).toList();
    }

    /** Asserts neither stream holds a Java stack trace. */
    void assertNoStackTrace() {
        for (String text : List.of(out, err)) {
            assertFalse(text.contains("\tat "), () -> "stack trace printed:\n" + text);
            assertFalse(text.matches("(?s).*\\bat [a-z][\\w.$]*\\(.*"), () -> "stack trace printed:\n" + text);
            assertFalse(
                    text.contains("Exception:") || text.contains("Exception\n") || text.contains("Error:"),
                    () -> "exception class printed:\n" + text);
        }
    }

    /**
     * Asserts the run failed with bad input: exit status 2, exactly one line on stderr (returned),
     * nothing on stdout and no stack trace.
     */
    String assertBadInput() {
        assertEquals(OnePathCli.BAD_INPUT, status, () -> "exit status; stdout:\n" + out + "\nstderr:\n" + err);
        assertNoStackTrace();
        assertEquals(1, errLines().size(), () -> "expected one line on stderr, got:\n" + err);
        assertEquals("", out.strip(), "nothing on stdout");
        return errLines().getFirst();
    }

    @Override
    public String toString() {
        return "exit " + status + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
