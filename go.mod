module madang

go 1.26
