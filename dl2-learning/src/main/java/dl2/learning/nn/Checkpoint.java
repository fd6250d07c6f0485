package dl2.learning.nn;

import dl2.io.InputException;
import java.util.List;

/**
 * The contents of a checkpoint file as read by {@link NetworkCodec#read}.
 *
 * @param source the file it came from, for messages
 * @param metadata the caller's metadata text (JSON written by the training code)
 * @param networks the networks in the order they were written
 */
public record Checkpoint(String source, String metadata, List<NetworkState> networks) {
  public Checkpoint {
    networks = List.copyOf(networks);
  }

  /**
   * The network called {@code name}, checked against the architecture the caller will use.
   *
   * @throws InputException one line naming the file and the mismatch or the missing network
   */
  public NetworkState network(String name, MlpSpec expected) {
    for (NetworkState state : networks) {
      if (state.name().equals(name)) {
        MlpSpec actual = state.network().spec();
        if (!actual.equals(expected)) {
          throw InputException.inFile(
              source,
              "network '"
                  + name
                  + "' has architecture "
                  + actual
                  + ", expected "
                  + expected
                  + mismatchDetail(actual, expected));
        }
        return state;
      }
    }
    List<String> names = networks.stream().map(NetworkState::name).toList();
    throw InputException.inFile(source, "no network '" + name + "' (file has " + names + ")");
  }

  private static String mismatchDetail(MlpSpec actual, MlpSpec expected) {
    if (actual.inputSize() != expected.inputSize()) {
      return " (input size "
          + actual.inputSize()
          + " in file, "
          + expected.inputSize()
          + " expected: was the state encoding changed?)";
    }
    if (actual.outputSize() != expected.outputSize()) {
      return " (output size "
          + actual.outputSize()
          + " in file, "
          + expected.outputSize()
          + " expected: was the window size J changed?)";
    }
    return "";
  }
}
