/** The {@code onepath} command: demo and Moving AI scenario runs, state file tools. */
module org.onepath.cli {
    requires org.onepath.core;
    // Named although core requires it transitively: state inspect reads the format directly.
    requires org.onepath.state;
    requires info.picocli;

    opens org.onepath.cli to info.picocli;
}
