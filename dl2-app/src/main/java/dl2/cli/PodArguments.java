package dl2.cli;

import dl2.io.InputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The options of a command as its pods should run it: every option given, spelt as given (a {@code
 * --seeds 1,2} list stays one value), but those the sweep replaces or that mean nothing in a pod
 * (where it runs, --out, --force); a command whose options name files of this machine is refused,
 * since a pod sees none of them.
 */
final class PodArguments {
  /**
   * The options of {@link SweepOptions} and {@link ShardOptions}, and --out and --force: the sweep
   * sets or leaves them.
   */
  static final Set<String> SWEEP_OWN =
      Set.of(
          "--on-kubernetes",
          "--kubeconfig",
          "--namespace",
          "--image",
          "--shards",
          "--retries",
          "--results-claim",
          "--shard",
          "--shard-file",
          "--merge",
          "--out",
          "--force");

  private PodArguments() {}

  /**
   * {@code parsed}'s options but {@link #SWEEP_OWN} and {@code replaced}; any of {@code local}
   * given is refused.
   */
  static List<String> of(ParseResult parsed, Set<String> replaced, Set<String> local) {
    List<String> args = new ArrayList<>();
    for (OptionSpec option : parsed.matchedOptions()) {
      String name = option.longestName();
      if (local.contains(name)) {
        throw new InputException(
            "--on-kubernetes trains in new pods, which see none of this machine's files or earlier runs: "
                + "leave out "
                + name);
      }
      if (SWEEP_OWN.contains(name) || replaced.contains(name)) {
        continue;
      }
      if (option.arity().max() == 0) {
        args.add(name);
      } else {
        for (String value : option.originalStringValues()) {
          args.add(name);
          args.add(value);
        }
      }
    }
    return args;
  }
}
