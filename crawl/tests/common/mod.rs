pub mod warc_file;
