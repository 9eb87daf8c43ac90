/** The {@code onepath} command: demo and Moving AI scenario runs. */
module org.onepath.cli {
    requires org.onepath.core;
    requires info.picocli;

    opens org.onepath.cli to info.picocli;
}
