package dl2.cli;

import dl2.io.InputException;
import dl2.kubernetes.api.TaintToleration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The taints the controller tolerates besides the standard ones (docs/kubernetes.md, "The nodes it
 * uses").
 */
public final class TolerationOptions {
  @Option(
      names = "--tolerate",
      paramLabel = "TAINT",
      description =
          "Also use nodes with this taint, KEY[=VALUE][:EFFECT], and let every pod tolerate it (repeatable); "
              + "nodes tainted nvidia.com/gpu or dl2.io/dedicated are always used, other NoSchedule or NoExecute taints keep "
              + "a node out.")
  List<String> tolerate = new ArrayList<>();

  /** The standard tolerations and those asked for; a malformed one is a one-line input error. */
  List<TaintToleration> tolerations() {
    List<TaintToleration> tolerations = new ArrayList<>(TaintToleration.STANDARD);
    try {
      for (String toleration : tolerate) {
        tolerations.add(TaintToleration.parse(toleration));
      }
    } catch (IllegalArgumentException e) {
      throw new InputException(e.getMessage());
    }
    return tolerations;
  }
}
