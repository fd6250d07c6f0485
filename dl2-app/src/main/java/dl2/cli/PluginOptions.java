package dl2.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Schedulers of one's own, loaded from jars (see docs/own-scheduler.md). */
public final class PluginOptions {
  @Option(
      names = "--scheduler-jar",
      paramLabel = "JAR",
      description =
          "A jar (or classes directory) with scheduler plug-ins listed in META-INF/services/"
              + "dl2.schedulers.SchedulerPlugin; they run under their own names. Repeatable.")
  List<Path> jars = new ArrayList<>();
}
