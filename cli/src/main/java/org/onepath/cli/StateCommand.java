package org.onepath.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code onepath state}: tools for state files (the snapshot format of
 * {@code org.onepath.state}). It only groups its subcommands; run alone it is a usage error.
 */
@Command(
        name = "state",
        mixinStandardHelpOptions = true,
        description = "Inspects and writes OnePath state files (format version 1).",
        subcommands = {StateInspectCommand.class, StateGridCommand.class})
final class StateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command; expected inspect or grid");
    }
}
