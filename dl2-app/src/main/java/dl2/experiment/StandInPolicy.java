package dl2.experiment;

import dl2.learning.file.PolicyFile;
import java.util.Optional;

/**
 * What a sharded run holds for a policy that another shard trains: a distinct object with no
 * network, which only names the policy (a unit that uses it runs in the shard that trains it).
 */
final class StandInPolicy {
  private StandInPolicy() {}

  static PolicyFile create() {
    return new PolicyFile(null, null, null, Optional.empty());
  }

  static boolean is(PolicyFile policy) {
    return policy.policy() == null;
  }
}
