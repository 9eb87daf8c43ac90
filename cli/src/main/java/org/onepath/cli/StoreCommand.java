package org.onepath.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code onepath store}: tools for store files (baked grids and voxel worlds, store format 1).
 * It only groups its subcommands; run alone it is a usage error.
 */
@Command(
        name = "store",
        mixinStandardHelpOptions = true,
        description = "Inspects and verifies OnePath store files (format version 1); 'onepath bake' writes them.",
        subcommands = {StoreInspectCommand.class, StoreVerifyCommand.class})
final class StoreCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command; expected inspect or verify");
    }
}
