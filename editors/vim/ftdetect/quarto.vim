" Quarto documents are the quarto file type (Vim 9 and Neovim 0.8 know it; older ones give .qmd none).
" setfiletype leaves a file type already set alone.
autocmd BufRead,BufNewFile *.qmd setfiletype quarto
