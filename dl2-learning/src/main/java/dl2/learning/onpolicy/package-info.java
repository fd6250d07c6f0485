/**
 * On-policy training with the JCT-aligned reward (the {@code jct} objective), after Decima: {@code
 * OnPolicyTrainer} samples K {@code Trajectory}s of one trace through the {@code SlotEnvironment},
 * scores each slot by minus the jobs outstanding, takes advantages against the {@code
 * InputDrivenBaseline}, and applies PPO's clipped update; {@code OnPolicyConfig} holds its knobs,
 * {@code Objective} names what reinforcement learning optimises.
 */
package dl2.learning.onpolicy;
