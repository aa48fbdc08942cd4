"""The pygame side of the program: scenes own drawing and input and ask the rules cores what is legal."""
