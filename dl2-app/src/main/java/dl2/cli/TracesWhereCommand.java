package dl2.cli;

import dl2.run.PublicTraceLocations;
import dl2.traces.data.PublicTraces;
import dl2.traces.data.TraceLocations;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code dl2 traces where}: the folders dl2 looks in for public traces, in order, and what each
 * holds.
 */
@Command(
    name = "where",
    mixinStandardHelpOptions = true,
    description =
        "List the folders dl2 looks in for the public traces, in order, and whether each holds every file intact.")
final class TracesWhereCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    TraceLocations locations = PublicTraceLocations.current();
    PublicTraces catalogue = PublicTraces.shipped();
    PrintWriter out = spec.commandLine().getOut();
    for (Path root : locations.roots()) {
      String role =
          root.equals(locations.installed()) ? " (where dl2 traces fetch installs them)" : "";
      out.println(root + role + ": " + state(catalogue, root));
    }
    out.println(
        locations
            .root()
            .map(r -> "trace paths are looked up in " + r)
            .orElse("no public traces yet: get them with " + TraceLocations.FETCH));
    out.flush();
    return 0;
  }

  private static String state(PublicTraces catalogue, Path root) {
    int files = catalogue.files().size();
    if (!Files.isDirectory(root)) {
      return "absent";
    }
    try {
      List<PublicTraces.TraceFile> bad = catalogue.missingOrDamaged(root);
      return bad.isEmpty()
          ? "all " + files + " files intact"
          : bad.size()
              + " of "
              + files
              + " files missing or changed (first: "
              + bad.get(0).local()
              + ")";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
