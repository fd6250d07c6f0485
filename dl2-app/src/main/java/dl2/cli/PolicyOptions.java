package dl2.cli;

import dl2.learning.Decoding;
import dl2.learning.PolicyFile;
import dl2.model.InputException;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Which trained policy runs as the {@code dl2} scheduler, and how it decodes actions. */
public final class PolicyOptions {
  @Option(names = "--policy", paramLabel = "FILE",
      description = "A trained DL2 policy file (from train-sl or train); runs as scheduler 'dl2'.")
  Path policy;

  @Option(names = "--decoding", paramLabel = "MODE", defaultValue = "greedy",
      description = "How dl2 picks actions: greedy (argmax) or sampled (default: ${DEFAULT-VALUE}).")
  String decoding;

  /** The loaded policy, if one was given; a bad file is a one-line InputException. */
  Optional<PolicyFile> load() {
    decoding();
    return Optional.ofNullable(policy).map(PolicyFile::load);
  }

  Decoding decoding() {
    return switch (decoding) {
      case "greedy" -> Decoding.GREEDY;
      case "sampled" -> Decoding.SAMPLED;
      default -> throw new InputException("--decoding must be greedy or sampled: " + decoding);
    };
  }
}
