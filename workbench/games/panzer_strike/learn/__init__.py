"""Panzer Strike's questions for the learner: its chapters, declared here in the order a learner
meets them, and its question kinds, each registered in one of them with ``workbench.learn``."""

from workbench.learn.kinds import declare_chapters

declare_chapters("panzer-strike", "Moving", "Firing", "Flags")
