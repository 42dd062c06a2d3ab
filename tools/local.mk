# tools/local.mk — included by the top-level Makefile.am.
# The `galp` command-line tool: one file per command, shared helpers in cli_*.c (docs/CLI.md).
# Everything but main() is a convenience library, so that the fuzz targets (fuzz/local.mk)
# drive `galp inspect`'s own code path without listing its files again.
noinst_LTLIBRARIES += tools/libgalp_cli.la
tools_libgalp_cli_la_SOURCES = \
	tools/cli.h tools/cli_message.c \
	tools/cli_options.c tools/cli_options.h \
	tools/cli_file.c tools/cli_file.h tools/cli_reader.c tools/cli_reader.h \
	tools/cli_values.c tools/cli_values.h tools/cli_value_parse.c tools/cli_input.c \
	tools/cli_column.c tools/cli_column.h \
	tools/cli_encode.c tools/cli_decode.c tools/cli_verify.c \
	tools/cli_inspect.c tools/cli_inspect.h tools/cli_inspect_text.c tools/cli_inspect_json.c \
	tools/cli_strings.c tools/cli_strings.h tools/cli_strings_encode.c \
	tools/cli_strings_inspect.c
# GPU commands (tools/cli_gpu.c, owned with gpu/): `galp decode --gpu` and `galp scan`. They
# use the CUDA runtime for device buffers when CUDA is built, and report "built without CUDA"
# otherwise (tools/cli_gpu.h).
tools_libgalp_cli_la_SOURCES += tools/cli_gpu.c tools/cli_gpu.h
tools_libgalp_cli_la_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CFLAGS)

bin_PROGRAMS += galp
galp_SOURCES = tools/galp.c
galp_LDADD = tools/libgalp_cli.la libgalp.la $(CUDA_LIBS)
