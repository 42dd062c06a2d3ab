# vectors/local.mk — included by the top-level Makefile.am.
