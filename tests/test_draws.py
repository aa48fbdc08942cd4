"""The search's own shuffle and choice must draw exactly as ``random.Random``'s: the same seed must deal the
same samples and play the same games as before, or the recorded games would no longer repeat."""

import random

from game.core.draws import chooser, shuffle


def test_shuffle_and_choice_draw_as_the_library_does():
    for seed in range(60):
        library, ours = random.Random(seed), random.Random(seed)
        items = list(range(seed * 3))
        expected = items[:]
        library.shuffle(expected)
        shuffle(items, ours)
        assert items == expected
        choice = chooser(ours)
        assert [choice(range(size)) for size in range(1, 80)] == [library.choice(range(size)) for size in range(1, 80)]
        assert ours.random() == library.random()


def test_another_generator_draws_its_own_way():
    class Fixed(random.Random):
        def choice(self, seq):
            return seq[0]

    assert chooser(Fixed(1))([3, 4, 5]) == 3
