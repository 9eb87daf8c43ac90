package org.onepath.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.onepath.state.OnePathFormatException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code onepath} command. Exit status: 0 on success, 1 when a run found a problem (a
 * mismatch, a disagreement), 2 on bad input or usage, with one line on stderr naming the file
 * and the problem.
 */
@Command(
        name = "onepath",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description =
                "Grid and graph pathfinding with off-heap state: demo and benchmark runs, state files, baked stores.",
        subcommands = {
            DemoCommand.class,
            ScenCommand.class,
            StateCommand.class,
            BakeCommand.class,
            StoreCommand.class,
            GraphCommand.class,
            RenderCommand.class,
            CommandLine.HelpCommand.class
        })
public final class OnePathCli implements Runnable {
    /** Exit status of a run that completed but found a problem. */
    static final int FAILED = 1;
    /** Exit status of bad input or usage. */
    static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command object picocli fills in; {@link #main} builds one per run. */
    public OnePathCli() {}

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "missing command; expected demo, scen, state, bake, store, graph or render");
    }

    /**
     * Runs {@code onepath} and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        // The pictures are drawn on images and never shown: without this a DISPLAY naming no
        // reachable X server stops the first picture with an AWTError, though none is needed.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the command with the given streams and returns its exit status. */
    static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new OnePathCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExitCodeExceptionMapper(e -> BAD_INPUT);
        cli.setParameterExceptionHandler((e, a) -> {
            // The qualified name, so a nested command's hint reads 'onepath state inspect --help'.
            String help = e.getCommandLine().getCommandSpec().qualifiedName() + " --help";
            // picocli words some messages "Error: ..."; the line already says it is an error.
            String message =
                    e.getMessage().startsWith("Error: ") ? e.getMessage().substring(7) : e.getMessage();
            err.println("onepath: " + message + " (try '" + help + "')");
            return BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((e, c, parsed) -> {
            // A format error names field, value, offset and bound; commands that know the file
            // prefix it, and this catches any that reach here without one.
            if (e instanceof IllegalArgumentException
                    || e instanceof UncheckedIOException
                    || e instanceof OnePathFormatException) {
                err.println("onepath: " + e.getMessage());
                return BAD_INPUT;
            }
            throw e;
        });
        return cli.execute(args);
    }
}
